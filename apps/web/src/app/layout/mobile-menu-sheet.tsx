import type { User } from '@shop/shared';
import {
  BookOpen,
  ExternalLink,
  LogIn,
  LogOut,
  ShieldHalf,
  ShoppingCart,
  UserRound,
  X,
} from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { UserAvatar } from '@/components/user-avatar';
import { VipBadge } from '@/components/vip-badge';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { useLogout } from '@/features/auth/api/logout';
import { useSite } from '@/features/site/api/get-site-settings';
import { listedLinks } from '@/features/site/site-links';
import { useReturnFocus } from '@/lib/use-return-focus';
import { BalanceChip } from './balance-chip';
import { externalLinkProps, LinkKindIcon, NewTabNote } from './community-links';
import { useOpenLegal } from './legal/legal-dialog-provider';
import { navLinks } from './nav-links';

const itemShape =
  'flex h-12 w-full cursor-pointer items-center gap-3 rounded-lg px-3 text-base font-semibold transition-colors hover:bg-white/6 hover:text-white [&_svg]:size-5';
const itemClass = `${itemShape} text-foreground/85 [&_svg]:text-muted-foreground`;

function MenuLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className={(isActive) =>
        isActive ? `${itemShape} bg-primary/15 text-white [&_svg]:text-primary` : itemClass
      }
    >
      {children}
    </Link>
  );
}

/** The lazily loaded sheet of the mobile menu; it repeats the navigation and the balance. */
export default function MobileMenuSheet({
  open,
  onOpenChange,
  user,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: User | null;
}) {
  const site = useSite();
  const logout = useLogout();
  const openLegal = useOpenLegal();
  const returnFocus = useReturnFocus();

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm data-[state=open]:animate-fade-in md:hidden" />
        <DialogPrimitive.Content
          onCloseAutoFocus={returnFocus}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(22rem,88vw)] flex-col border-l border-white/10 bg-[#100d0b] shadow-2xl data-[state=open]:animate-fade-in md:hidden"
        >
          <div className="flex h-16 items-center justify-between border-b border-white/8 px-4">
            <DialogPrimitive.Title className="font-display text-lg font-bold tracking-wide uppercase">
              Меню
            </DialogPrimitive.Title>
            <DialogPrimitive.Description className="sr-only">
              Навигация по сайту
            </DialogPrimitive.Description>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Закрыть меню">
                <X aria-hidden="true" />
              </Button>
            </DialogPrimitive.Close>
          </div>

          <div className="flex-1 overflow-y-auto p-3">
            {user && (
              <div className="mb-3 flex flex-col gap-3 rounded-xl border border-white/8 bg-black/40 p-3">
                <div className="flex items-center gap-3">
                  <UserAvatar src={user.avatar} name={user.username} className="size-11" />
                  <div className="min-w-0">
                    <p className="truncate font-semibold text-white">{user.username}</p>
                    <VipBadge user={user} tiers={site?.vipTiers} className="mt-1" />
                  </div>
                </div>
                <BalanceChip balance={user.balance} className="justify-between" />
              </div>
            )}

            <nav aria-label="Мобильная навигация" className="flex flex-col gap-1">
              {site && (
                <>
                  {navLinks.map((link) => (
                    <MenuLink key={link.to} to={link.to}>
                      <link.icon aria-hidden="true" />
                      {site.texts.nav[link.key]}
                    </MenuLink>
                  ))}
                  {listedLinks(site).map((link) => (
                    <a key={link.url} href={link.url} {...externalLinkProps} className={itemClass}>
                      <LinkKindIcon kind={link.kind} />
                      <span className="min-w-0 truncate">{link.label}</span>
                      <ExternalLink className="ml-auto size-4! shrink-0" aria-hidden="true" />
                      <NewTabNote />
                    </a>
                  ))}
                  <button
                    type="button"
                    className={itemClass}
                    onClick={() => {
                      onOpenChange(false);
                      openLegal('rules');
                    }}
                  >
                    <BookOpen aria-hidden="true" />
                    {site.legalTitles.rules}
                  </button>
                </>
              )}
            </nav>

            <div className="my-3 h-px bg-white/8" />

            {user ? (
              <div className="flex flex-col gap-1">
                <MenuLink to="/profile">
                  <UserRound aria-hidden="true" />
                  Профиль
                </MenuLink>
                <MenuLink to="/cart">
                  <ShoppingCart aria-hidden="true" />
                  Корзина
                </MenuLink>
                {user.isAdmin && (
                  <MenuLink to="/admin">
                    <ShieldHalf aria-hidden="true" />
                    Панель администратора
                  </MenuLink>
                )}
                <button
                  type="button"
                  className={`${itemShape} text-[#ff8a7d] [&_svg]:text-[#ff8a7d]`}
                  disabled={logout.isPending}
                  onClick={() => logout.mutate()}
                >
                  <LogOut aria-hidden="true" />
                  Выйти
                </button>
              </div>
            ) : (
              <ButtonLink to="/login" size="lg" className="w-full">
                <LogIn aria-hidden="true" />
                Войти
              </ButtonLink>
            )}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
