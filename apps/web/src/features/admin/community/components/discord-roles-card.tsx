import type { DiscordStatus } from '@shop/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorText } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSaveDiscordRoles } from '../api/discord';
import { AdminSection } from '../../shared/components/admin-section';

/** Each VIP tier's Discord role id, with the role jobs' state. */
export function DiscordRolesCard({ status }: { status: DiscordStatus }) {
  const { roles } = status;
  const [ids, setIds] = useState<Record<string, string>>(() =>
    Object.fromEntries(roles.mappings.map((mapping) => [mapping.tier, mapping.roleId])),
  );
  const save = useSaveDiscordRoles();

  const submit = () =>
    save.mutate(
      { roles: roles.mappings.map(({ tier }) => ({ tier, roleId: (ids[tier] ?? '').trim() })) },
      {
        onSuccess: () =>
          toast.success('Роли сохранены: привязанные игроки получат их в течение минуты'),
        onError: (error) => toast.error(errorText(error, 'Не удалось сохранить роли')),
      },
    );

  return (
    <AdminSection title="Роли VIP">
      <div className="flex flex-col gap-4 text-sm">
        <p className="text-muted-foreground">
          {roles.enabled
            ? 'Роль выдаётся привязанному игроку, пока у него идёт VIP этого уровня, и снимается, когда VIP заканчивается или возвращён.'
            : 'Выключено: задайте DISCORD_BOT_TOKEN и DISCORD_GUILD_ID (см. README, раздел «Discord»).'}
        </p>
        <p>
          Задания ролей: ждут — <strong>{roles.pending}</strong>, с ошибками —{' '}
          <strong className={roles.failing > 0 ? 'text-destructive' : undefined}>
            {roles.failing}
          </strong>
        </p>
        {roles.lastError && <p className="text-destructive">Последняя ошибка: {roles.lastError}</p>}
        {roles.mappings.length === 0 ? (
          <p className="text-muted-foreground">Нет VIP-товаров: уровни появятся вместе с ними.</p>
        ) : (
          <div className="grid gap-3 sm:grid-cols-2">
            {roles.mappings.map(({ tier }) => (
              <div key={tier} className="grid gap-1.5">
                <Label htmlFor={`discord-role-${tier}`}>ID роли для VIP {tier}</Label>
                <Input
                  id={`discord-role-${tier}`}
                  inputMode="numeric"
                  placeholder="Например, 123456789012345678"
                  value={ids[tier] ?? ''}
                  onChange={(event) => setIds({ ...ids, [tier]: event.target.value })}
                />
              </div>
            ))}
          </div>
        )}
        <Button className="w-fit" disabled={save.isPending} onClick={submit}>
          Сохранить роли
        </Button>
      </div>
    </AdminSection>
  );
}
