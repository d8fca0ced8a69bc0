import type { User } from '@shop/shared';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useCatalogueLists } from '../../products/api/get-catalogue-lists';
import { errorText } from '@/lib/api-client';
import { useAdminServers } from '../../shared/api/get-admin-servers';
import { useUpdateUser } from '../api/update-user';
import { userFormToPayload, userToForm, vipStatusOptions, type UserFormValues } from '../user-form';
import { fieldMessages } from '../../shared/use-admin-form';
import { AdminFormDialog } from '../../shared/components/admin-form-dialog';
import { SelectField } from '../../shared/components/select-field';

type Field = keyof UserFormValues;

/** Edit one user: balance (with the reason), VIP tier, expiry and server (the role: «Роль»). */
export function UserEditDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const update = useUpdateUser();
  const servers = useAdminServers();
  const tiers = useCatalogueLists()?.vipTiers;
  const form = useForm<UserFormValues>({ defaultValues: userToForm(user) });
  const { register, control, handleSubmit, setError, clearErrors } = form;
  const { formError, aria } = fieldMessages(form);
  const [balance, vipStatus] = useWatch({ control, name: ['balance', 'vipStatus'] });
  const balanceChanged = balance.trim().replace(',', '.') !== String(user.balance);
  const busy = update.isPending;
  const serverOptions = (servers.data ?? []).map(
    (server) => [String(server.id), server.name] as const,
  );

  const onSubmit = handleSubmit(async (values) => {
    clearErrors();
    const result = userFormToPayload(user, values, tiers);
    if (!result.ok) {
      for (const field of result.fields) setError(field as Field, { message: result.message });
      setError('root', { message: result.message });
      toast.error('Ошибка', { description: result.message });
      return;
    }
    if (Object.keys(result.payload).length === 0) return onClose();
    try {
      await update.mutateAsync({ id: user.id, input: result.payload });
      toast.success('Успешно', { description: 'Пользователь обновлен' });
      onClose();
    } catch (error) {
      const message = errorText(error, 'Не удалось обновить пользователя');
      setError('root', { message });
      toast.error('Ошибка', { description: message });
    }
  });

  return (
    <AdminFormDialog
      open
      onOpenChange={(next) => !next && onClose()}
      busy={busy}
      title="Редактировать пользователя"
      description={`${user.username} · Steam ID ${user.steamId}`}
      descriptionClassName="break-all"
      label="Изменение пользователя"
      columns={2}
      formError={formError}
      onSubmit={onSubmit}
    >
      <FormField id="user-balance" label="Баланс, ₽" className="sm:col-span-2">
        <Input
          {...aria('user-balance', 'balance')}
          inputMode="decimal"
          autoComplete="off"
          className="tabular-nums"
          {...register('balance')}
        />
      </FormField>
      <FormField
        id="user-reason"
        label="Причина"
        required={balanceChanged}
        hint="Попадёт в историю операций игрока и в журнал."
        className="sm:col-span-2"
      >
        <Input
          {...aria('user-reason', 'reason', true)}
          autoComplete="off"
          maxLength={200}
          placeholder="Например: компенсация по обращению"
          {...register('reason')}
        />
      </FormField>
      <FormField id="user-vip" label="VIP">
        <SelectField
          control={control}
          name="vipStatus"
          options={vipStatusOptions(tiers, vipStatus)}
          aria={aria('user-vip', 'vipStatus')}
        />
      </FormField>
      <FormField id="user-vip-expires" label="VIP до">
        <Input
          {...aria('user-vip-expires', 'vipExpiresAt')}
          type="date"
          disabled={vipStatus === 'no VIP'}
          {...register('vipExpiresAt')}
        />
      </FormField>
      {vipStatus !== 'no VIP' && (
        <FormField
          id="user-vip-server"
          label="Сервер для VIP"
          hint="Там выдаётся игровая группа уровня; по умолчанию сервер текущего VIP."
          className="sm:col-span-2"
        >
          <SelectField
            control={control}
            name="vipServerId"
            options={serverOptions}
            placeholder="Выберите сервер"
            aria={aria('user-vip-server', 'vipServerId', true)}
          />
        </FormField>
      )}
    </AdminFormDialog>
  );
}
