import { ReceiptText } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatDateTime, formatRoubles } from '@/lib/format';
import { transactionStatusLabel, useTransactions } from '../api/get-transactions';

export function TransactionsTab() {
  const transactions = useTransactions(true);
  if (transactions.isPending) return <LoadingState text="Загрузка..." />;
  if (!transactions.data?.length)
    return <EmptyState icon={<ReceiptText />} title="Транзакции отсутствуют" />;

  return (
    <Card className="divide-y divide-white/6">
      {transactions.data.map((transaction) => (
        <div key={transaction.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-5 py-4">
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-white">{transaction.description || '—'}</p>
            <p className="text-xs text-muted-foreground">
              {formatDateTime(transaction.date)}
              {transaction.method ? ` · ${transaction.method}` : ''}
            </p>
          </div>
          <span
            className={cn(
              'font-bold tabular-nums',
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
      ))}
    </Card>
  );
}
