import type { AdminServer } from '@shop/shared';
import { LoaderCircle } from 'lucide-react';
import { useLayoutEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { fieldAria, FormAlert, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { saveFormResult } from '../form-result';
import { useCreateServer } from '../api/create-server';
import { useUpdateServer } from '../api/update-server';
import {
  deliveryOptions,
  emptyServerForm,
  serverFormToPayload,
  serverToForm,
  statusOptions,
  type ServerFormValues,
} from '../server-form';
import { SelectField } from './select-field';

type Field = keyof ServerFormValues;

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
  const create = useCreateServer();
  const update = useUpdateServer();
  const busy = create.isPending || update.isPending;
  const { register, control, handleSubmit, reset, setError, clearErrors, formState } =
    useForm<ServerFormValues>({ defaultValues: emptyServerForm });
  const formError = formState.errors.root?.message;

  // Reset before the opened dialog is painted, so nothing typed into it is wiped afterwards.
  useLayoutEffect(() => {
    if (open) reset(server ? serverToForm(server) : emptyServerForm);
  }, [open, server, reset]);

  const onSubmit = handleSubmit(async (values) => {
    clearErrors();
    const saved = await saveFormResult({
      result: serverFormToPayload(values),
      markInvalid: (fields, message) => {
        for (const field of fields) setError(field as Field, { message });
        setError('root', { message });
      },
      editing: server !== null,
      save: (payload) =>
        server
          ? update.mutateAsync({ id: server.id, input: payload })
          : create.mutateAsync(payload),
      texts: {
        added: 'Сервер добавлен',
        updated: 'Сервер обновлен',
        addFailed: 'Не удалось добавить сервер',
        updateFailed: 'Не удалось обновить сервер',
      },
    });
    if (saved) onOpenChange(false);
  });

  // A message shared by several fields is shown once at the top; the fields only turn red.
  const aria = (id: string, field: Field, hint = false) => {
    const message = formState.errors[field]?.message;
    return fieldAria(id, message === formError ? undefined : message, hint, Boolean(message));
  };
  const err = (field: Field) => {
    const message = formState.errors[field]?.message;
    return message === formError ? undefined : message;
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent width="2xl">
        <DialogHeader>
          <DialogTitle>{server ? 'Редактировать сервер' : 'Добавить сервер'}</DialogTitle>
          <DialogDescription>
            Поля со звёздочкой обязательны. RCON нужен для выдачи товаров и консоли.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="contents" aria-label="Форма сервера">
          <DialogBody className="grid gap-4 sm:grid-cols-6">
            <FormAlert className="sm:col-span-6">{formError}</FormAlert>
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
          </DialogBody>
          <DialogFooter>
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
              Отмена
            </Button>
            <Button type="submit" disabled={busy} aria-busy={busy}>
              {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
              Сохранить
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
