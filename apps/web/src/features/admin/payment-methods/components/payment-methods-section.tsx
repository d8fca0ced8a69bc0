import type { AdminPaymentMethods } from '@shop/shared';
import { CreditCard, ServerCrash } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { errorText } from '@/lib/api-client';
import { formatDateTime, formatNumber } from '@/lib/format';
import { ListItemControls } from '../../site/components/list-item-controls';
import { moveItem, replaceItem } from '../../site/list-editor';
import { AdminSection } from '../../shared/components/admin-section';
import { useAdminPaymentMethods, useSavePaymentMethods } from '../api/admin-payment-methods';

type Method = AdminPaymentMethods['methods'][number];
type Provider = AdminPaymentMethods['providers'][number];

/** The provider's published fee; none published means the owner's contract states it. */
const feeText = (fee: Method['fee']) =>
  [fee.percent > 0 ? `${formatNumber(fee.percent)}%` : '', fee.fixed > 0 ? `${fee.fixed} ₽` : '']
    .filter(Boolean)
    .join(' + ') || 'по договору';

/** A provider's health: answering or not, its last success and its last error. */
function ProviderHealth({ provider }: { provider: Provider }) {
  const { health } = provider;
  return (
    <li className="grid gap-1 rounded-lg border border-white/10 p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-white">{provider.name}</span>
        {health.failing ? (
          <Badge variant="destructive">Не отвечает: скрыта от игроков</Badge>
        ) : health.lastSuccessAt ? (
          <Badge variant="success">Работает</Badge>
        ) : (
          <Badge variant="secondary">Ещё не проверялась</Badge>
        )}
      </div>
      <p className="text-muted-foreground">
        {health.lastSuccessAt
          ? `Последний успешный ответ: ${formatDateTime(health.lastSuccessAt)}`
          : 'Магазин ещё не обращался к её API с запуска'}
      </p>
      {health.lastErrorAt && (
        <p className="text-muted-foreground">
          Последняя ошибка: {formatDateTime(health.lastErrorAt)}
          {health.lastError ? ` — ${health.lastError}` : ''}
        </p>
      )}
    </li>
  );
}

/** The owner's list: each method on or off, moved up or down, saved whole. */
function MethodsEditor({
  stored,
  owner,
  message,
  setMessage,
}: {
  stored: AdminPaymentMethods;
  owner: boolean;
  /** Kept by the section: the editor starts afresh from what the server saved. */
  message: string | null;
  setMessage: (message: string | null) => void;
}) {
  const [draft, setDraft] = useState<Method[]>(stored.methods);
  const save = useSavePaymentMethods();
  const changed = JSON.stringify(draft) !== JSON.stringify(stored.methods);
  const onSave = async () => {
    setMessage(null);
    try {
      const saved = await save.mutateAsync({
        methods: draft.map(({ provider, id, enabled }) => ({ provider, id, enabled })),
      });
      setDraft(saved.methods);
      setMessage('Сохранено: игроки видят новый список');
    } catch (error) {
      setMessage(errorText(error, 'Не удалось сохранить'));
    }
  };
  return (
    <div className="grid gap-3">
      <ol className="grid gap-2" aria-label="Способы оплаты по порядку">
        {draft.map((method, index) => {
          const name = `${method.name} · ${method.providerName}`;
          return (
            <li
              key={`${method.provider}:${method.id}`}
              className="flex flex-wrap items-center gap-3 rounded-lg border border-white/10 px-3 py-2"
            >
              <Switch
                checked={method.enabled}
                disabled={!owner}
                aria-label={`Включён: ${name}`}
                onCheckedChange={(enabled) =>
                  setDraft(replaceItem(draft, index, { ...method, enabled }))
                }
              />
              <span className="grid min-w-0 flex-1 text-sm">
                <span
                  className={method.enabled ? 'text-white' : 'text-muted-foreground line-through'}
                >
                  {name}
                </span>
                <span className="text-xs text-muted-foreground tabular-nums">
                  {formatNumber(method.min)}–{formatNumber(method.max)} ₽ · комиссия{' '}
                  {feeText(method.fee)}
                </span>
              </span>
              {owner && (
                <ListItemControls
                  name={name}
                  index={index}
                  count={draft.length}
                  onMove={(by) => setDraft(moveItem(draft, index, by))}
                />
              )}
            </li>
          );
        })}
      </ol>
      {owner ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={() => void onSave()} disabled={!changed || save.isPending}>
            Сохранить порядок и включённые
          </Button>
          {message && (
            <p role="status" className="text-sm text-muted-foreground">
              {message}
            </p>
          )}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          Включать, выключать и упорядочивать способы оплаты может только владелец магазина.
        </p>
      )}
    </div>
  );
}

/**
 * «Способы оплаты»: the providers whose settings are set, their health, and their methods in the
 * order the top-up dialog lists them. A method switched off is not offered and not accepted.
 */
export function PaymentMethodsSection() {
  const methods = useAdminPaymentMethods();
  const [message, setMessage] = useState<string | null>(null);
  return (
    <AdminSection title="Способы оплаты">
      {methods.isPending ? (
        <LoadingState text="Загрузка способов оплаты..." />
      ) : methods.isError ? (
        <EmptyState
          tone="error"
          icon={<ServerCrash />}
          title={`Ошибка: ${methods.error.message}`}
        />
      ) : methods.data.providers.length === 0 ? (
        <EmptyState icon={<CreditCard />} title="Ни одна платёжная система не настроена" />
      ) : (
        <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <ul className="grid content-start gap-2" aria-label="Платёжные системы">
            {methods.data.providers.map((provider) => (
              <ProviderHealth key={provider.id} provider={provider} />
            ))}
          </ul>
          <MethodsEditor
            key={JSON.stringify(methods.data.methods)}
            stored={methods.data}
            owner={methods.data.canEdit}
            message={message}
            setMessage={setMessage}
          />
        </div>
      )}
    </AdminSection>
  );
}
