import { BASE_BONUS_PERCENT } from '@shop/shared';
import { Plus, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { RadioCard, RadioGroup } from '@/components/ui/radio-group';
import { formatRoubles } from '@/lib/format';
import { DEFAULT_QUICK_TOP_UP, QUICK_TOP_UPS } from '../top-up-amounts';
import { CustomAmountDialog } from './custom-amount-dialog';

/** SPEC §2 balance card: quick amounts (1000 chosen), or an amount of one's own, then the top-up. */
export function CartTopUpCard({
  balance,
  onTopUp,
}: {
  balance: number;
  onTopUp: (amount: number) => void;
}) {
  const [amount, setAmount] = useState<number>(DEFAULT_QUICK_TOP_UP);
  const [customOpen, setCustomOpen] = useState(false);

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
      <div className="grid gap-2">
        <p id="cart-quick-top-up" className="text-sm font-medium text-foreground/90">
          Быстрое пополнение
        </p>
        <RadioGroup
          aria-labelledby="cart-quick-top-up"
          value={String(amount)}
          onValueChange={(value) => setAmount(Number(value))}
          className="grid-cols-2"
        >
          {QUICK_TOP_UPS.map((quick) => (
            <RadioCard key={quick} value={String(quick)} compact className="font-semibold">
              {formatRoubles(quick)}
            </RadioCard>
          ))}
        </RadioGroup>
      </div>
      <div className="grid gap-2">
        <Button onClick={() => onTopUp(amount)}>
          <Plus aria-hidden="true" />
          Пополнить на {formatRoubles(amount)}
        </Button>
        <Button variant="outline" onClick={() => setCustomOpen(true)}>
          Другая сумма
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        Оплата откроется в новой вкладке. К пополнению начисляется бонус {BASE_BONUS_PERCENT}%.
      </p>
      <CustomAmountDialog open={customOpen} onOpenChange={setCustomOpen} onConfirm={onTopUp} />
    </Card>
  );
}
