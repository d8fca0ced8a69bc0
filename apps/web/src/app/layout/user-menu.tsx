import type { User } from '@shop/shared';
import { ChevronDown } from 'lucide-react';
import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { UserAvatar } from '@/components/user-avatar';

const UserMenuDropdown = lazy(() => import('./user-menu-dropdown'));

export function UserMenuButton({ user, ...props }: { user: User } & ComponentProps<'button'>) {
  return (
    <button
      type="button"
      aria-label={`Меню пользователя ${user.username}`}
      className="flex cursor-pointer items-center gap-1.5 rounded-full p-0.5 pr-1.5 transition-colors hover:bg-white/8 data-[state=open]:bg-white/10"
      {...props}
    >
      <UserAvatar src={user.avatar} name={user.username} />
      <ChevronDown className="size-4 text-muted-foreground" aria-hidden="true" />
    </button>
  );
}

/** The avatar is drawn at once; the dropdown's library arrives with the first click on it. */
export function UserMenu({ user }: { user: User }) {
  const [wanted, setWanted] = useState(false);
  const button = <UserMenuButton user={user} onClick={() => setWanted(true)} />;
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <UserMenuDropdown user={user} />
    </Suspense>
  );
}
