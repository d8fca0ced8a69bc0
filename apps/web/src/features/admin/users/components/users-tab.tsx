import type { User } from '@shop/shared';
import { Search, ShieldCheck, Users } from 'lucide-react';
import { useContext, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { LoadingState } from '@/components/ui/spinner';
import { formatNumber } from '@/lib/format';
import { useAdminUsers } from '../api/get-admin-users';
import { pageCount } from '../../shared/pagination';
import { AdminSection } from '../../shared/components/admin-section';
import { ModerationDialog } from './moderation-dialog';
import { UserEditDialog } from './user-edit-dialog';
import { RoleDialog } from './role-dialog';
import { SignOutUserDialog } from './sign-out-user-dialog';
import { UserListItem, userActions, type UserAction } from './user-list-item';
import { UserPurchasesDialog } from '../../shared/components/user-purchases-dialog';
import { Pager } from '../../shared/components/pager';
import { AdminSelf, useCan } from '../../shared/permissions-context';

/** Typing settles for this long before the list is asked again. */
const SEARCH_DELAY_MS = 300;

/** SPEC §2 Users tab: search by name or Steam ID, 20 a page, and each user's actions. */
export function UsersTab() {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<{ action: UserAction; user: User } | null>(null);
  const [staff, setStaff] = useState(false);
  const users = useAdminUsers(query, page, staff);
  const can = useCan();
  const selfId = useContext(AdminSelf);
  const data = users.data;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;

  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(text.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  let content: React.ReactNode;
  if (users.isPending) content = <LoadingState text="Загрузка пользователей..." />;
  else if (users.isError)
    content = <EmptyState tone="error" title={`Ошибка: ${users.error.message}`} />;
  else if (!data || data.users.length === 0)
    content = <EmptyState icon={<Users />} title="Пользователи не найдены" />;
  else
    content = (
      <ul className="grid gap-2" aria-label="Пользователи">
        {data.users.map((user) => (
          <UserListItem
            key={user.id}
            user={user}
            allowed={userActions(user, can, selfId)}
            onAction={(action) => setOpen({ action, user })}
          />
        ))}
      </ul>
    );

  const close = () => setOpen(null);
  return (
    <AdminSection
      title="Пользователи"
      actions={
        data && (
          <span className="text-sm text-muted-foreground">Найдено: {formatNumber(data.total)}</span>
        )
      }
    >
      <div className="relative mb-4">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Имя или Steam ID"
          aria-label="Поиск пользователей по имени или Steam ID"
          maxLength={64}
          className="pl-9"
        />
      </div>
      {can('roles') && (
        <Button
          variant={staff ? 'default' : 'secondary'}
          size="sm"
          aria-pressed={staff}
          className="mb-4"
          onClick={() => {
            setStaff(!staff);
            setPage(1);
          }}
        >
          <ShieldCheck aria-hidden="true" />
          Только персонал
        </Button>
      )}
      {content}
      {pages > 1 && (
        <Pager
          page={page}
          pages={pages}
          busy={users.isFetching}
          onPage={setPage}
          size="sm"
          className="mt-4"
        />
      )}
      {open?.action === 'edit' && <UserEditDialog user={open.user} onClose={close} />}
      {(open?.action === 'mute' || open?.action === 'ban') && (
        <ModerationDialog kind={open.action} user={open.user} onClose={close} />
      )}
      {open?.action === 'sessions' && (
        <SignOutUserDialog key={open.user.id} user={open.user} onClose={close} />
      )}
      {open?.action === 'role' && (
        <RoleDialog key={open.user.id} user={open.user} onClose={close} />
      )}
      {open?.action === 'purchases' && (
        <UserPurchasesDialog key={open.user.id} user={open.user} onClose={close} />
      )}
    </AdminSection>
  );
}
