import type { WipePeriod } from '@shop/shared';
import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { LoadingState } from '@/components/ui/spinner';
import { formatDateTime, formatNumber, formatRoubles } from '@/lib/format';
import { useAdminServers } from '../../shared/api/get-admin-servers';
import { useRevenueByWipe } from '../api/get-revenue-by-wipe';
import { AdminSection } from '../../shared/components/admin-section';
import { AdminTable } from '../../shared/components/admin-table';

const columns = ['Период', 'Выручка', 'Заказов', 'Топ товаров'];
/** The best sellers a period lists. */
const TOP_PRODUCTS = 3;

function PeriodRow({ period, running }: { period: WipePeriod; running: boolean }) {
  return (
    <tr>
      <td className="whitespace-nowrap">
        <span className="block text-white tabular-nums">{formatDateTime(period.startedAt)}</span>
        <span className="block text-xs text-muted-foreground tabular-nums">
          {period.endedAt ? `до ${formatDateTime(period.endedAt)}` : 'до сих пор'}
        </span>
        {running && (
          <Badge variant="success" className="mt-1">
            Идёт сейчас
          </Badge>
        )}
      </td>
      <td className="font-semibold whitespace-nowrap text-white tabular-nums">
        {formatRoubles(period.revenue)}
      </td>
      <td className="tabular-nums">{formatNumber(period.orders)}</td>
      <td className="min-w-56">
        {period.topProducts.length === 0 ? (
          <span className="text-muted-foreground">—</span>
        ) : (
          <ol className="grid gap-0.5 text-xs">
            {period.topProducts.slice(0, TOP_PRODUCTS).map((product) => (
              <li key={product.productId}>
                <span className="text-white">{product.name}</span>{' '}
                <span className="text-muted-foreground tabular-nums">
                  ×{formatNumber(product.quantity)} · {formatRoubles(product.revenue)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </td>
    </tr>
  );
}

/**
 * What each wipe of one server brought in: the money of a wipe comes in its first hours and days,
 * so an owner compares wipes, not calendar weeks.
 */
export function RevenueByWipe() {
  const servers = useAdminServers();
  const [chosen, setChosen] = useState<number | null>(null);
  const serverId = chosen ?? servers.data?.[0]?.id ?? null;
  const periods = useRevenueByWipe(serverId);

  let content: React.ReactNode;
  if (servers.data?.length === 0) content = <EmptyState title="Серверов пока нет" />;
  else if (serverId === null || periods.isPending)
    content = <LoadingState text="Загрузка выручки по вайпам..." padding="sm" />;
  else if (periods.isError)
    content = <EmptyState tone="error" title={`Ошибка: ${periods.error.message}`} />;
  else if (periods.data.periods.length === 0)
    content = (
      <EmptyState
        icon={<CalendarClock />}
        title="Вайпов этого сервера магазин ещё не видел"
        description="Мониторинг замечает вайп по новой карте; прошедший вайп можно отметить на вкладке «Серверы»."
      />
    );
  else
    content = (
      <AdminTable caption="Выручка по вайпам" columns={columns}>
        {periods.data.periods.map((period, index) => (
          <PeriodRow
            key={period.startedAt}
            period={period}
            running={index === 0 && period.endedAt === null}
          />
        ))}
      </AdminTable>
    );

  return (
    <AdminSection
      title="Выручка по вайпам"
      actions={
        servers.data &&
        servers.data.length > 0 && (
          <Select
            value={serverId === null ? undefined : String(serverId)}
            onValueChange={(value) => setChosen(Number(value))}
          >
            <SelectTrigger aria-label="Сервер" className="sm:w-64">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {servers.data.map((server) => (
                <SelectItem key={server.id} value={String(server.id)}>
                  {server.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )
      }
    >
      {content}
    </AdminSection>
  );
}
