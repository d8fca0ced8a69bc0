import type { RoutePermission, User } from '@shop/shared';
import {
  Ban,
  Crown,
  Headset,
  KeyRound,
  LogOut,
  MicOff,
  Pencil,
  ShieldCheck,
  ShoppingBag,
} from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { UserAvatar } from '@/components/user-avatar';
import { VipBadge } from '@/components/vip-badge';
import { formatDateTime, formatRoubles } from '@/lib/format';

export type UserAction = 'edit' | 'mute' | 'ban' | 'sessions' | 'purchases' | 'role';

type Icon = React.ComponentType<{ 'aria-hidden'?: boolean }>;
/** Each action with the permission it needs; those that act on the user spare owners. */
const actions: Array<[UserAction, string, Icon, RoutePermission, 'acts' | 'reads']> = [
  ['edit', 'Изменить', Pencil, 'money', 'acts'],
  ['mute', 'Мут', MicOff, 'moderation', 'acts'],
  ['ban', 'Бан', Ban, 'moderation', 'acts'],
  ['sessions', 'Выйти везде', LogOut, 'moderation', 'acts'],
  ['purchases', 'Покупки', ShoppingBag, 'orders.view', 'reads'],
  ['role', 'Роль', KeyRound, 'roles', 'acts'],
];

/**
 * The actions the signed-in staff member may take on this user: those of their permissions, and
 * on an owner only what reads, unless they are an owner too (the server refuses the rest).
 */
export function userActions(
  user: Pick<User, 'id' | 'isOwner'>,
  can: (permission: RoutePermission) => boolean,
  /** The viewer's own account: no «Роль» on it (nobody changes their own role). */
  selfId: number | null = null,
): UserAction[] {
  const ownerHere = can('owner');
  return actions
    .filter(([action]) => action !== 'role' || user.id !== selfId)
    .filter(
      ([, , , permission, kind]) =>
        can(permission) && (kind === 'reads' || ownerHere || !user.isOwner),
    )
    .map(([action]) => action);
}

/** One user of the list: who, badges, Steam ID, money, and what the viewer may do. */
export function UserListItem({
  user,
  allowed,
  onAction,
}: {
  user: User;
  allowed: readonly UserAction[];
  onAction: (action: UserAction) => void;
}) {
  return (
    <li className="grid gap-3 rounded-lg border border-white/8 bg-black/30 p-3 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-center">
      <div className="flex min-w-0 items-center gap-3">
        <UserAvatar src={user.avatar} name={user.username} />
        <div className="grid min-w-0 gap-1">
          <div className="flex min-w-0 flex-wrap items-center gap-1.5">
            <span className="truncate font-semibold text-white" title={user.username}>
              {user.username}
            </span>
            {user.role === 'owner' && (
              <Badge variant="default">
                <Crown aria-hidden="true" />
                Владелец
              </Badge>
            )}
            {user.role === 'admin' && (
              <Badge variant="default">
                <ShieldCheck aria-hidden="true" />
                Админ
              </Badge>
            )}
            {user.role === 'moderator' && (
              <Badge variant="secondary">
                <Headset aria-hidden="true" />
                Модератор
              </Badge>
            )}
            <VipBadge user={user} />
          </div>
          <span className="font-mono text-xs break-all text-muted-foreground">
            Steam ID {user.steamId}
          </span>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 text-xs sm:text-right">
        <dt className="text-muted-foreground">Баланс</dt>
        <dd className="font-semibold text-white tabular-nums" data-testid="user-balance">
          {formatRoubles(user.balance)}
        </dd>
        <dt className="text-muted-foreground">Потрачено</dt>
        <dd className="tabular-nums">{formatRoubles(user.totalSpent)}</dd>
        <dt className="text-muted-foreground">Был</dt>
        <dd className="whitespace-nowrap">{formatDateTime(user.lastSeen)}</dd>
      </dl>
      <div className="flex flex-wrap gap-1.5 sm:justify-end">
        {actions
          .filter(([action]) => allowed.includes(action))
          .map(([action, label, Icon]) => (
            <Button
              key={action}
              variant={action === 'ban' ? 'outline' : 'secondary'}
              size="sm"
              onClick={() => onAction(action)}
              aria-label={`${label}: ${user.username}`}
            >
              <Icon aria-hidden />
              {label}
            </Button>
          ))}
      </div>
    </li>
  );
}
