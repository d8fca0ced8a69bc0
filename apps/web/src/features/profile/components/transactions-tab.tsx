import { ReceiptText } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { LoadMore } from '@/components/load-more';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatDateTime, formatRoubles } from '@/lib/format';
import { transactionStatusLabel, useTransactions } from '../api/get-transactions';

export function TransactionsTab() {
  const transactions = useTransactions(true);
  if (transactions.isPending) return <LoadingState text="Загрузка..." />;
  const list = transactions.data?.pages.flat() ?? [];
  if (!list.length) return <EmptyState icon={<ReceiptText />} title="Транзакции отсутствуют" />;

  return (
    <>
      <Card className="divide-y divide-white/6">
        {list.map((transaction) => (
          <div
            key={transaction.id}
            className="flex items-start gap-3 px-4 py-3.5 sm:items-center sm:gap-4 sm:px-5 sm:py-4"
          >
            <div className="min-w-0 flex-1">
              <p className="font-medium [overflow-wrap:anywhere] text-white">
                {transaction.description || '—'}
              </p>
              <p className="text-xs text-muted-foreground">
                {formatDateTime(transaction.date)}
                {transaction.method ? ` · ${transaction.method}` : ''}
              </p>
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1.5 sm:flex-row sm:items-center sm:gap-4">
              <span
                className={cn(
                  'font-bold whitespace-nowrap tabular-nums',
                  transaction.amount >= 0 ? 'text-[#8ee0a6]' : 'text-[#ff9b91]',
                )}
              >
                {transaction.amount >= 0 ? '+' : '−'}
                {formatRoubles(Math.abs(transaction.amount))}
              </span>
              <Badge variant={transaction.status === 'completed' ? 'success' : 'warning'}>
                {transactionStatusLabel(transaction.status)}
              </Badge>
            </div>
          </div>
        ))}
      </Card>
      {/* The whole ledger: older rows come as the player scrolls to the end. */}
      <LoadMore
        hasMore={transactions.hasNextPage}
        loading={transactions.isFetchingNextPage}
        onMore={() => void transactions.fetchNextPage()}
        label="Показать более ранние операции"
      />
    </>
  );
}
