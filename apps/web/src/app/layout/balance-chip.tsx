import { Plus, Wallet } from 'lucide-react';
import { formatRoubles } from '@/lib/format';
import { cn } from '@/lib/cn';
import { useTopUp } from './top-up-provider';

export function BalanceChip({ balance, className }: { balance: number; className?: string }) {
  const { openTopUp } = useTopUp();
  return (
    <div
      className={cn(
        'flex h-10 shrink-0 items-center gap-2 rounded-md border border-white/12 bg-black/50 pr-1 pl-2.5 backdrop-blur-sm sm:pl-3',
        className,
      )}
    >
      <Wallet className="hidden size-4 shrink-0 text-accent sm:block" aria-hidden="true" />
      <span
        className={cn(
          'text-sm font-bold tabular-nums whitespace-nowrap',
          // Below zero only after a reversed top-up: the debt notice under the header says why.
          balance < 0 ? 'text-red-400' : 'text-white',
        )}
        aria-label={`Баланс: ${formatRoubles(balance)}${balance < 0 ? ' (долг)' : ''}`}
      >
        {formatRoubles(balance)}
      </span>
      <button
        type="button"
        onClick={openTopUp}
        aria-label="Пополнить баланс"
        title="Пополнить баланс"
        className="inline-flex size-8 cursor-pointer items-center justify-center rounded bg-primary text-white transition-colors hover:bg-primary-hover"
      >
        <Plus className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
