import { lazy, Suspense, type ReactNode } from 'react';
import { useSession } from '@/features/auth/use-session';
import { cn } from '@/lib/cn';
import { Background } from './background';
import { DemoBanner } from './demo-banner';
import { RestoredCopyBanner } from './restored-copy-banner';
import { MainCommunityLink } from './main-community-link';
import { GuestChatToggle } from './guest-chat-toggle';
import { LegalDialogProvider } from './legal/legal-dialog-provider';
import { PAGE_GUTTER } from './page-gutter';
import { ScrollToTop } from './scroll-to-top';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { TopUpProvider } from './top-up-provider';

// Only signed-in players have the support chat: guests get its button, which asks them to sign in.
const SupportChatWidget = lazy(async () => ({
  default: (await import('@/features/support-chat/components/support-chat-widget'))
    .SupportChatWidget,
}));

// Only after a reversed top-up: nobody else downloads it (or the schema it reads the debt with).
const DebtNotice = lazy(async () => ({ default: (await import('./debt-notice')).DebtNotice }));

export function RootLayout({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  return (
    <TopUpProvider>
      <LegalDialogProvider>
        <Background />
        <a
          href="#content"
          className="fixed top-2 left-2 z-[60] -translate-y-20 rounded-md bg-primary px-4 py-2 font-semibold text-white focus:translate-y-0"
        >
          Перейти к содержимому
        </a>
        <div className="relative z-10 flex min-h-dvh flex-col">
          <DemoBanner />
          <RestoredCopyBanner />
          <SiteHeader />
          {user && user.balance < 0 && (
            <Suspense fallback={null}>
              <DebtNotice />
            </Suspense>
          )}
          {/* At least a screen tall: the footer starts below the fold and does not jump as data arrives. */}
          <main
            id="content"
            tabIndex={-1}
            className={cn(
              'mx-auto min-h-dvh w-full max-w-7xl min-w-0 flex-1 px-4 pt-8 sm:pt-12',
              PAGE_GUTTER,
            )}
          >
            {children}
          </main>
          <SiteFooter />
        </div>
        <MainCommunityLink />
        {user ? (
          <Suspense fallback={null}>
            <SupportChatWidget
              key={user.id}
              user={{ id: user.id, username: user.username, avatar: user.avatar }}
            />
          </Suspense>
        ) : (
          !isLoading && <GuestChatToggle />
        )}
        <ScrollToTop />
      </LegalDialogProvider>
    </TopUpProvider>
  );
}
