import {
  PERMISSION_LABELS,
  PERMISSIONS,
  ROLE_LABELS,
  ROLE_MESSAGES,
  type Permission,
  type Role,
  type User,
} from '@shop/shared';
import { useId, useState } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { errorText } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { AdminFormDialog } from '../../shared/components/admin-form-dialog';
import { useCan } from '../../shared/permissions-context';
import { useSetUserRole } from '../api/set-user-role';
import { grantableRoles, initialPermissions, roleOptions, roleToPayload } from '../role-form';

/** What each role means, under the select: the README's «Staff roles» in a line. */
const ROLE_HINTS: Record<Role, string> = {
  owner:
    'Владелец может всё, в том числе назначать владельцев и администраторов. Запись — в журнал.',
  admin: 'Администратор делает то, что отмечено ниже. Запись — в журнал.',
  moderator:
    'Модератор отвечает в чатах, выдаёт муты и баны и видит заказы; деньги, товары, серверы и консоль ему недоступны.',
  player: 'Игрок не видит панель администратора.',
};

/**
 * The role editor: owner, admin (with the permissions the owner leaves it), moderator or player.
 * Someone with `roles` but not an owner sees player and moderator only.
 */
export function RoleDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const can = useCan();
  const setRole = useSetUserRole();
  const roles = grantableRoles(can);
  const [role, setRoleValue] = useState<Role>(user.role);
  const [permissions, setPermissions] = useState<Permission[]>(() => initialPermissions(user));
  const [formError, setFormError] = useState<string>();
  const listId = useId();
  const choices = roles.includes(user.role) ? roles : [user.role, ...roles];

  const toggle = (permission: Permission, on: boolean) =>
    setPermissions((held) =>
      on ? [...held, permission] : held.filter((item) => item !== permission),
    );

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    if (role === 'admin' && permissions.length === 0) {
      setFormError(ROLE_MESSAGES.noPermissions);
      return;
    }
    try {
      await setRole.mutateAsync({ id: user.id, input: roleToPayload(role, permissions) });
      toast.success('Успешно', { description: `Роль: ${ROLE_LABELS[role]}` });
      onClose();
    } catch (error) {
      const message = errorText(error, 'Не удалось изменить роль');
      setFormError(message);
      toast.error('Ошибка', { description: message });
    }
  };

  return (
    <AdminFormDialog
      open
      onOpenChange={(next) => !next && onClose()}
      busy={setRole.isPending}
      title="Роль пользователя"
      description={`${user.username} · Steam ID ${user.steamId}`}
      descriptionClassName="break-all"
      label="Роль пользователя"
      columns={2}
      formError={formError}
      onSubmit={(event) => void onSubmit(event)}
    >
      <FormField id="user-role" label="Роль" hint={ROLE_HINTS[role]} className="sm:col-span-2">
        <NativeSelect
          id="user-role"
          value={role}
          onChange={(event) => setRoleValue(event.target.value as Role)}
        >
          {roleOptions(choices).map(([value, label]) => (
            <option key={value} value={value} disabled={!roles.includes(value)}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {role === 'admin' && can('owner') && (
        <fieldset className="grid gap-2 sm:col-span-2" aria-describedby={listId}>
          <legend className="mb-1 text-sm font-medium">Разрешения администратора</legend>
          <p id={listId} className="text-xs text-muted-foreground">
            Снимите то, что этому администратору не нужно.
          </p>
          <div className="grid gap-2 sm:grid-cols-2">
            {PERMISSIONS.map((permission) => (
              <label key={permission} className="flex items-center gap-2 text-sm">
                <Checkbox
                  checked={permissions.includes(permission)}
                  onCheckedChange={(checked) => toggle(permission, checked === true)}
                />
                {PERMISSION_LABELS[permission]}
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </AdminFormDialog>
  );
}
