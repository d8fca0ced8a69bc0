import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/spinner';
import { formatDateTime, formatNumber, formatRoubles } from '@/lib/format';
import { orderStatus } from '@/lib/order-status';
import { useUserPurchases } from '../api/get-user-purchases';
import { pageCount } from '../pagination';
import { AdminTable } from './admin-table';
import { Pager } from './pager';

export interface PurchasesUser {
  id: number;
  username: string;
}

const columns = ['ID', 'Дата', 'Товар', 'Кол-во', 'Цена', 'Статус заказа', 'Выдан'];

/** SPEC §2 Purchases dialog: totals, then the user's purchases 20 a page. Mounted per user. */
export function UserPurchasesDialog({
  user,
  onClose,
}: {
  user: PurchasesUser;
  onClose: () => void;
}) {
  const [page, setPage] = useState(1);
  const purchases = useUserPurchases(user.id, page);
  const data = purchases.data;
  const pages = data ? pageCount(data.totalPurchasesCount, data.pageSize) : 1;

  let content: React.ReactNode;
  if (purchases.isPending) content = <LoadingState text="Загрузка покупок..." />;
  else if (purchases.isError)
    content = <EmptyState tone="error" title={`Ошибка: ${purchases.error.message}`} />;
  else if (!data || data.purchases.length === 0) content = <EmptyState title="Нет покупок" />;
  else
    content = (
      <AdminTable caption={`Покупки ${user.username}, страница ${page}`} columns={columns}>
        {data.purchases.map((purchase, index) => {
          const status = orderStatus(purchase.orderStatus);
          return (
            <tr key={`${purchase.id}-${index}`}>
              <td className="font-mono text-xs">{purchase.id.slice(0, 8)}</td>
              <td className="whitespace-nowrap">{formatDateTime(purchase.date)}</td>
              <td className="min-w-40 text-white">{purchase.productName}</td>
              <td className="tabular-nums">{formatNumber(purchase.quantity)}</td>
              <td className="whitespace-nowrap tabular-nums">{formatRoubles(purchase.price)}</td>
              <td>
                <Badge variant={status.tone}>{status.label}</Badge>
              </td>
              <td>{purchase.isDelivered ? 'Да' : 'Нет'}</td>
            </tr>
          );
        })}
      </AdminTable>
    );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent width="4xl">
        <DialogHeader>
          <DialogTitle>Покупки {user.username}</DialogTitle>
          <DialogDescription>
            {data
              ? `Всего куплено: ${formatRoubles(data.totalBought)} · Покупок: ${formatNumber(data.totalPurchasesCount)}`
              : 'Загрузка...'}
          </DialogDescription>
        </DialogHeader>
        <DialogBody>{content}</DialogBody>
        <DialogFooter justify="between" className="items-center">
          <Pager
            page={page}
            pages={pages}
            busy={purchases.isFetching}
            onPage={setPage}
            className="w-full"
          />
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
