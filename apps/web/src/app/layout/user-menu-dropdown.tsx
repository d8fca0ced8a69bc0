import type { User } from '@shop/shared';
import { LogOut, ShieldHalf, UserRound } from 'lucide-react';
import { navigate } from 'wouter/use-browser-location';
import { VipBadge } from '@/components/vip-badge';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useLogout } from '@/features/auth/api/logout';
import { useSite } from '@/features/site/api/get-site-settings';
import { UserMenuButton } from './user-menu';

/** The lazily loaded menu: it opens as it arrives, since the player has just asked for it. */
export default function UserMenuDropdown({ user }: { user: User }) {
  const logout = useLogout();
  const tiers = useSite()?.vipTiers;
  return (
    <DropdownMenu modal={false} defaultOpen>
      <DropdownMenuTrigger asChild>
        <UserMenuButton user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="flex flex-col gap-1.5">
          <span className="truncate font-semibold text-white">{user.username}</span>
          <VipBadge user={user} tiers={tiers} />
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/profile')}>
          <UserRound aria-hidden="true" />
          Профиль
        </DropdownMenuItem>
        {user.isAdmin && (
          <DropdownMenuItem onSelect={() => navigate('/admin')}>
            <ShieldHalf aria-hidden="true" />
            Панель администратора
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          variant="destructive"
          disabled={logout.isPending}
          onSelect={() => logout.mutate()}
        >
          <LogOut aria-hidden="true" />
          Выйти
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
