import { Wallet } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { formatRoubles } from '@/lib/format';

export function BalanceCard({ balance }: { balance: number }) {
  return (
    <Card className="flex items-center gap-4 p-5">
      <span
        aria-hidden="true"
        className="flex size-12 items-center justify-center rounded-lg bg-accent/15 text-accent"
      >
        <Wallet className="size-6" />
      </span>
      <div>
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          Ваш баланс
        </p>
        <p className="text-2xl font-extrabold text-white tabular-nums">{formatRoubles(balance)}</p>
      </div>
    </Card>
  );
}
