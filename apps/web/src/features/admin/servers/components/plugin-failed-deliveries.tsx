import type { ServerPluginStatus } from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { adminKeys } from '../../shared/admin-keys';
import { useRetryDelivery } from '../../shared/api/retry-delivery';
import { Can } from '../../shared/components/can';
import { FAILED_SHOWN, failureText } from '../plugin-status';

type FailedDelivery = ServerPluginStatus['failed'][number];

function FailedLine({ delivery, serverId }: { delivery: FailedDelivery; serverId: number }) {
  const retry = useRetryDelivery();
  const queryClient = useQueryClient();
  const resend = async () => {
    try {
      await retry.mutateAsync(delivery.jobId);
      await queryClient.invalidateQueries({ queryKey: adminKeys.serverPlugin(serverId) });
      toast.success('Успешно', { description: 'Выдача отправлена повторно' });
    } catch (error) {
      toast.error('Ошибка', { description: errorText(error, 'Не удалось повторить выдачу') });
    }
  };
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1.5 rounded-md border border-white/8 bg-black/30 px-2.5 py-2">
      <div className="flex min-w-0 flex-[1_1_14rem] flex-col gap-0.5">
        <span className="font-medium [overflow-wrap:anywhere] text-white">{delivery.itemName}</span>
        <span className="flex items-start gap-1.5 text-xs [overflow-wrap:anywhere] text-[#ff9b91]">
          <CircleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
          {failureText(delivery.reason)}
        </span>
        <span className="font-mono text-[11px] text-muted-foreground">
          {delivery.steamId}
          {delivery.orderId && ` · заказ #${delivery.orderId.slice(0, 8)}`} ·{' '}
          {formatDateTime(delivery.at)}
        </span>
      </div>
      <Can permission="orders.refund">
        <Button
          variant="outline"
          size="sm"
          aria-label={`Повторить выдачу: ${delivery.itemName}`}
          disabled={retry.isPending}
          onClick={() => void resend()}
          className="max-sm:flex-1"
        >
          <RotateCcw aria-hidden="true" />
          Повторить выдачу
        </Button>
      </Can>
    </li>
  );
}

/** What the plugin could not give on this server: the latest first, a few until asked for all. */
export function PluginFailedDeliveries({
  failed,
  serverId,
  serverName,
}: {
  failed: ServerPluginStatus['failed'];
  serverId: number;
  serverName: string;
}) {
  const [all, setAll] = useState(false);
  const shown = all ? failed : failed.slice(0, FAILED_SHOWN);
  return (
    <div className="flex flex-col gap-2">
      <p className="text-xs font-semibold text-[#ff9b91]">Не выдано: {failed.length}</p>
      <ul aria-label={`Неудавшиеся выдачи плагина: ${serverName}`} className="flex flex-col gap-2">
        {shown.map((delivery) => (
          <FailedLine key={delivery.jobId} delivery={delivery} serverId={serverId} />
        ))}
      </ul>
      {failed.length > shown.length && (
        <Button variant="ghost" size="sm" className="w-fit" onClick={() => setAll(true)}>
          Показать все ({failed.length})
        </Button>
      )}
    </div>
  );
}
