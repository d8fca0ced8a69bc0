import type { ModerationReply, User } from '@shop/shared';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
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
import { errorText } from '@/lib/api-client';
import { useAdminServers } from '../../shared/api/get-admin-servers';
import { useModerateUser } from '../api/moderate-user';
import {
  emptyModerationForm,
  moderationFormToPayload,
  type ModerationFormValues,
} from '../user-form';
import { SelectField } from '../../shared/components/select-field';

type Field = keyof ModerationFormValues;
// 'unknown': the game did not confirm: it refused (its words are shown below) or sent nothing.
const statusLabels = {
  ok: 'Выполнено',
  unknown: 'Не подтверждено',
  unavailable: 'Нет связи',
} as const;
const statusTones = { ok: 'success', unknown: 'warning', unavailable: 'destructive' } as const;

/** Mute (days and minutes) or ban (one server or all) with a reason; shows what each server said. */
export function ModerationDialog({
  kind,
  user,
  onClose,
}: {
  kind: 'mute' | 'ban';
  user: User;
  onClose: () => void;
}) {
  const moderate = useModerateUser();
  const servers = useAdminServers();
  const [reply, setReply] = useState<ModerationReply | null>(null);
  const { register, control, handleSubmit, setError, clearErrors, formState } =
    useForm<ModerationFormValues>({ defaultValues: emptyModerationForm });
  const [serverId, reason] = useWatch({ control, name: ['serverId', 'reason'] });
  const formError = formState.errors.root?.message;
  const busy = moderate.isPending;
  const options = [
    ...(kind === 'ban' ? [['all', 'Все серверы'] as const] : []),
    ...(servers.data ?? []).map((server) => [String(server.id), server.name] as const),
  ];
  const title = kind === 'mute' ? 'Мут в игровом чате' : 'Бан на сервере';

  const onSubmit = handleSubmit(async (values) => {
    clearErrors();
    const result = moderationFormToPayload(kind, values);
    if (!result.ok) {
      for (const field of result.fields) setError(field as Field, { message: result.message });
      setError('root', { message: result.message });
      return;
    }
    try {
      const answer = await moderate.mutateAsync({ userId: user.id, kind, input: result.payload });
      setReply(answer);
      if (answer.success) toast.success('Успешно', { description: answer.message });
      else toast.error('Ошибка', { description: answer.message });
    } catch (error) {
      const message = errorText(
        error,
        kind === 'mute' ? 'Не удалось выдать мут' : 'Не удалось выдать бан',
      );
      setError('root', { message });
      toast.error('Ошибка', { description: message });
    }
  });

  const aria = (id: string, field: Field) => {
    const message = formState.errors[field]?.message;
    return fieldAria(id, message === formError ? undefined : message, false, Boolean(message));
  };

  return (
    <Dialog open onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="break-all">
            {user.username} · Steam ID {user.steamId}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="contents" aria-label={title}>
          <DialogBody className="grid gap-4 sm:grid-cols-2">
            <FormAlert className="sm:col-span-2">{formError}</FormAlert>
            <FormField id="moderation-server" label="Сервер" required className="sm:col-span-2">
              <SelectField
                control={control}
                name="serverId"
                options={options}
                placeholder="Выберите сервер"
                aria={aria('moderation-server', 'serverId')}
              />
            </FormField>
            <FormField id="moderation-reason" label="Причина" required className="sm:col-span-2">
              <Input
                {...aria('moderation-reason', 'reason')}
                autoComplete="off"
                maxLength={200}
                placeholder={kind === 'mute' ? 'Оскорбления в чате' : 'Использование читов'}
                {...register('reason')}
              />
            </FormField>
            {kind === 'mute' && (
              <>
                <FormField id="moderation-days" label="Дни">
                  <Input
                    {...aria('moderation-days', 'days')}
                    type="number"
                    min={0}
                    inputMode="numeric"
                    {...register('days')}
                  />
                </FormField>
                <FormField id="moderation-minutes" label="Минуты">
                  <Input
                    {...aria('moderation-minutes', 'minutes')}
                    type="number"
                    min={0}
                    inputMode="numeric"
                    {...register('minutes')}
                  />
                </FormField>
              </>
            )}
            {reply && (
              <ul
                className="grid gap-2 sm:col-span-2"
                aria-label="Ответы серверов"
                aria-live="polite"
              >
                {reply.results.map((result) => (
                  <li
                    key={result.serverId}
                    className="grid gap-1 rounded-md border border-white/8 bg-black/30 p-2.5 text-sm"
                  >
                    <div className="flex items-center justify-between gap-2">
                      <span className="font-semibold text-white">{result.serverName}</span>
                      <Badge variant={statusTones[result.status]}>
                        {statusLabels[result.status]}
                      </Badge>
                    </div>
                    <code className="text-xs break-words whitespace-pre-wrap text-foreground/80">
                      {result.output || '—'}
                    </code>
                  </li>
                ))}
              </ul>
            )}
          </DialogBody>
          <DialogFooter>
            <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
              {reply ? 'Закрыть' : 'Отмена'}
            </Button>
            <Button
              type="submit"
              variant={kind === 'ban' ? 'destructive' : 'default'}
              disabled={busy || !serverId || !reason.trim()}
            >
              {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
              {kind === 'mute' ? 'Выдать мут' : 'Забанить'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
