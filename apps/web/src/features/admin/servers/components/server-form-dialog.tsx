import type { AdminServer } from '@shop/shared';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useCreateServer } from '../api/create-server';
import { useUpdateServer } from '../api/update-server';
import {
  deliveryOptions,
  emptyServerForm,
  serverFormToPayload,
  serverToForm,
  statusOptions,
} from '../server-form';
import { fieldMessages, useAdminForm } from '../../shared/use-admin-form';
import { AdminFormDialog } from '../../shared/components/admin-form-dialog';
import { SelectField } from '../../shared/components/select-field';
import { WipeScheduleFields } from './wipe-schedule-fields';

/** Add (server = null) or edit a game server. */
export function ServerFormDialog({
  open,
  server,
  onOpenChange,
}: {
  open: boolean;
  server: AdminServer | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { form, onSubmit, busy, formError } = useAdminForm({
    open,
    editing: server,
    empty: emptyServerForm,
    toForm: serverToForm,
    toPayload: serverFormToPayload,
    create: useCreateServer(),
    update: useUpdateServer(),
    texts: {
      added: 'Сервер добавлен',
      updated: 'Сервер обновлен',
      addFailed: 'Не удалось добавить сервер',
      updateFailed: 'Не удалось обновить сервер',
    },
    onSaved: () => onOpenChange(false),
  });
  const { register, control } = form;
  const { err, aria } = fieldMessages(form);

  return (
    <AdminFormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      width="2xl"
      title={server ? 'Редактировать сервер' : 'Добавить сервер'}
      description="Поля со звёздочкой обязательны. RCON нужен для выдачи товаров и консоли."
      label="Форма сервера"
      columns={6}
      formError={formError}
      onSubmit={onSubmit}
    >
      <FormField
        id="server-name"
        label="Название"
        required
        error={err('name')}
        className="sm:col-span-6"
      >
        <Input
          {...aria('server-name', 'name')}
          autoComplete="off"
          placeholder="RUSTY | Classic x2"
          {...register('name')}
        />
      </FormField>
      <FormField
        id="server-ip"
        label="IP-адрес"
        required
        error={err('ip')}
        className="sm:col-span-4"
      >
        <Input
          {...aria('server-ip', 'ip')}
          autoComplete="off"
          placeholder="203.0.113.10"
          className="font-mono"
          {...register('ip')}
        />
      </FormField>
      <FormField
        id="server-port"
        label="Порт"
        required
        error={err('port')}
        className="sm:col-span-2"
      >
        <Input
          {...aria('server-port', 'port')}
          inputMode="numeric"
          placeholder="28015"
          className="font-mono"
          {...register('port')}
        />
      </FormField>
      <FormField
        id="server-rcon-port"
        label="RCON-порт"
        error={err('rconPort')}
        className="sm:col-span-2"
      >
        <Input
          {...aria('server-rcon-port', 'rconPort')}
          inputMode="numeric"
          placeholder="28016"
          className="font-mono"
          {...register('rconPort')}
        />
      </FormField>
      <FormField
        id="server-rcon-password"
        label="Пароль RCON"
        error={err('rconPassword')}
        className="sm:col-span-4"
      >
        <Input
          {...aria('server-rcon-password', 'rconPassword')}
          type="password"
          autoComplete="new-password"
          className="font-mono"
          {...register('rconPassword')}
        />
      </FormField>
      <FormField
        id="server-max-players"
        label="Макс. игроков"
        error={err('maxPlayers')}
        className="sm:col-span-2"
      >
        <Input
          {...aria('server-max-players', 'maxPlayers')}
          inputMode="numeric"
          placeholder="100"
          {...register('maxPlayers')}
        />
      </FormField>
      <FormField id="server-map" label="Карта" error={err('map')} className="sm:col-span-4">
        <Input
          {...aria('server-map', 'map')}
          autoComplete="off"
          placeholder="Procedural Map"
          {...register('map')}
        />
      </FormField>
      <FormField
        id="server-description"
        label="Описание"
        error={err('description')}
        className="sm:col-span-6"
      >
        <Textarea
          {...aria('server-description', 'description')}
          rows={3}
          {...register('description')}
        />
      </FormField>
      <FormField
        id="server-delivery"
        label="Способ выдачи"
        hint="«Скрыт от покупателей» убирает сервер из выбора при покупке."
        className="sm:col-span-3"
      >
        <SelectField
          control={control}
          name="delivery"
          options={deliveryOptions.map((option) => [option.value, option.label] as const)}
          aria={aria('server-delivery', 'delivery', true)}
        />
      </FormField>
      <FormField
        id="server-status"
        label="Статус"
        hint="«Технические работы» держится, пока вы его не смените; «Онлайн» и «Оффлайн» возвращают статус мониторингу."
        className="sm:col-span-3"
      >
        <SelectField
          control={control}
          name="status"
          options={statusOptions.map((option) => [option.value, option.label] as const)}
          aria={aria('server-status', 'status', true)}
        />
      </FormField>
      <WipeScheduleFields form={form} err={err} aria={aria} />
    </AdminFormDialog>
  );
}
