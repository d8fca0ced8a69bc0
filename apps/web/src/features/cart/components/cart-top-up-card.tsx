import { Plus, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { RadioCard, RadioGroup } from '@/components/ui/radio-group';
import { formatRoubles } from '@/lib/format';
import type { TopUpTerms } from '@/lib/top-up-terms';
import { bonusNote, cartAmountRange, defaultQuickTopUp, quickTopUps } from '../top-up-amounts';
import { CustomAmountDialog } from './custom-amount-dialog';

/**
 * SPEC §2 balance card: quick amounts (1000 chosen) within the shop's limits, or an amount of
 * one's own, then the top-up. Until the owner's terms are read, only the balance is shown.
 */
export function CartTopUpCard({
  balance,
  terms,
  onTopUp,
}: {
  balance: number;
  /** The owner's bonus and limits (`site.topUp`). */
  terms: TopUpTerms | undefined;
  onTopUp: (amount: number) => void;
}) {
  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className="flex items-center justify-between gap-3">
        <div>
          <h2 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            Ваш баланс
          </h2>
          <p className="mt-1 text-2xl font-extrabold text-white tabular-nums">
            {formatRoubles(balance)}
          </p>
        </div>
        <Wallet className="size-6 text-accent" aria-hidden="true" />
      </div>
      {terms && <TopUpChoice terms={terms} onTopUp={onTopUp} />}
    </Card>
  );
}

function TopUpChoice({ terms, onTopUp }: { terms: TopUpTerms; onTopUp: (amount: number) => void }) {
  const range = cartAmountRange(terms);
  const quick = quickTopUps(range);
  const [chosen, setChosen] = useState<number | null>(null);
  // The player's pick while the limits still offer it; otherwise the one nearest to 1000.
  const amount = chosen !== null && quick.includes(chosen) ? chosen : defaultQuickTopUp(range);
  const [customOpen, setCustomOpen] = useState(false);

  return (
    <>
      {amount !== null && (
        <div className="grid gap-2">
          <p id="cart-quick-top-up" className="text-sm font-medium text-foreground/90">
            Быстрое пополнение
          </p>
          <RadioGroup
            aria-labelledby="cart-quick-top-up"
            value={String(amount)}
            onValueChange={(value) => setChosen(Number(value))}
            className="grid-cols-2"
          >
            {quick.map((value) => (
              <RadioCard key={value} value={String(value)} compact className="font-semibold">
                {formatRoubles(value)}
              </RadioCard>
            ))}
          </RadioGroup>
        </div>
      )}
      <div className="grid gap-2">
        {amount !== null && (
          <Button onClick={() => onTopUp(amount)}>
            <Plus aria-hidden="true" />
            Пополнить на {formatRoubles(amount)}
          </Button>
        )}
        <Button
          variant={amount === null ? 'default' : 'outline'}
          onClick={() => setCustomOpen(true)}
        >
          {amount === null ? 'Пополнить баланс' : 'Другая сумма'}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        Оплата откроется в новой вкладке.
        {bonusNote(terms, amount)}
      </p>
      <CustomAmountDialog
        open={customOpen}
        onOpenChange={setCustomOpen}
        range={range}
        onConfirm={onTopUp}
      />
    </>
  );
}
