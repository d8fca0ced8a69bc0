import type { User } from '@shop/shared';
import { Ban, Crown, MicOff, Pencil, ShieldCheck, ShoppingBag } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { UserAvatar } from '@/components/user-avatar';
import { VipBadge } from '@/components/vip-badge';
import { formatDateTime, formatRoubles } from '@/lib/format';

export type UserAction = 'edit' | 'mute' | 'ban' | 'purchases';

const actions: Array<[UserAction, string, React.ComponentType<{ 'aria-hidden'?: boolean }>]> = [
  ['edit', 'Изменить', Pencil],
  ['mute', 'Мут', MicOff],
  ['ban', 'Бан', Ban],
  ['purchases', 'Покупки', ShoppingBag],
];

/** One user of the list: who, badges, Steam ID, money, and the four actions. */
export function UserListItem({
  user,
  onAction,
}: {
  user: User;
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
            {user.isOwner ? (
              <Badge variant="default">
                <Crown aria-hidden="true" />
                Владелец
              </Badge>
            ) : (
              user.isAdmin && (
                <Badge variant="default">
                  <ShieldCheck aria-hidden="true" />
                  Админ
                </Badge>
              )
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
        {actions.map(([action, label, Icon]) => (
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
