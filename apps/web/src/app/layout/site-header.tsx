import { BookOpen, LogIn, ShoppingCart } from 'lucide-react';
import { Link } from 'wouter';
import { ButtonLink } from '@/components/ui/button-link';
import { cn } from '@/lib/cn';
import { useSession } from '@/features/auth/use-session';
import { useSite } from '@/features/site/api/get-site-settings';
import { listedLinks } from '@/features/site/site-links';
import { BalanceChip } from './balance-chip';
import { HeaderCommunityLinks } from './community-links';
import { ConnectionIndicator } from './connection-indicator';
import { useOpenLegal } from './legal/legal-dialog-provider';
import { Logo } from './logo';
import { MainCommunityCompactLink } from './main-community-link';
import { MobileMenu } from './mobile-menu';
import { navLinks } from './nav-links';
import { UserMenu } from './user-menu';

// The row never wraps: the owner's shop name is what gives way (the logo truncates it).
const linkShape =
  'relative inline-flex h-10 shrink-0 items-center gap-1.5 rounded-md px-3 text-sm font-semibold tracking-wide whitespace-nowrap uppercase transition-colors hover:text-white';
const linkClass = `${linkShape} text-foreground/80`;

export function SiteHeader() {
  const { user, isLoading } = useSession();
  const site = useSite();
  const openLegal = useOpenLegal();

  return (
    <header className="sticky top-0 z-40 border-b border-white/8 bg-[#0b0a09]/80 backdrop-blur-xl">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-3 sm:px-6">
        <Logo className="mr-auto md:mr-4" compact={user !== null} />

        <nav aria-label="Основная навигация" className="hidden items-center gap-1 md:flex">
          {site && (
            <>
              {navLinks.map((link) => (
                <Link
                  key={link.to}
                  to={link.to}
                  className={(isActive) =>
                    isActive
                      ? `${linkShape} text-white after:absolute after:inset-x-3 after:-bottom-[13px] after:h-0.5 after:rounded-full after:bg-primary`
                      : linkClass
                  }
                >
                  {site.texts.nav[link.key]}
                </Link>
              ))}
              <HeaderCommunityLinks links={listedLinks(site)} linkClass={linkClass} />
              <button
                type="button"
                title={site.legalTitles.rules}
                className={cn(linkClass, 'cursor-pointer')}
                onClick={() => openLegal('rules')}
              >
                <BookOpen className="size-4 opacity-70" aria-hidden="true" />
                {/* A tablet's row has room for its icon alone. */}
                <span className="sr-only lg:not-sr-only">{site.legalTitles.rules}</span>
              </button>
            </>
          )}
        </nav>

        <div className="flex min-w-0 items-center gap-2 md:ml-auto">
          {user ? (
            <>
              <ConnectionIndicator />
              <BalanceChip balance={user.balance} />
              <ButtonLink
                to="/cart"
                variant="ghost"
                size="icon"
                className="max-md:hidden"
                aria-label="Корзина"
                title="Корзина"
              >
                <ShoppingCart aria-hidden="true" />
              </ButtonLink>
              <div className="hidden md:block">
                <UserMenu user={user} />
              </div>
            </>
          ) : (
            !isLoading && (
              <ButtonLink to="/login" size="sm-tall">
                <LogIn aria-hidden="true" />
                Войти
              </ButtonLink>
            )
          )}
          <MainCommunityCompactLink />
          <MobileMenu user={user} />
        </div>
      </div>
    </header>
  );
}
