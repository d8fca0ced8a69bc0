import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { customAmountError, parseCustomAmount, type CartAmountRange } from '../top-up-amounts';

/**
 * SPEC §5: the cart's own amount, 30 roubles at least and within the shop's limits; a wrong one is
 * refused with a toast.
 */
export function CustomAmountDialog({
  open,
  onOpenChange,
  range,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  range: CartAmountRange;
  onConfirm: (amount: number) => void;
}) {
  const [text, setText] = useState('');

  const change = (next: boolean) => {
    if (!next) setText('');
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = parseCustomAmount(text, range);
    if (amount === null) {
      const refusal = customAmountError(range);
      toast.error(refusal.title, { description: refusal.description });
      return;
    }
    change(false);
    onConfirm(amount);
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent width="sm">
        <DialogHeader>
          <DialogTitle>Другая сумма</DialogTitle>
          <DialogDescription>
            От {range.min} до {range.max} ₽. Оплата откроется в новой вкладке, корзина останется
            здесь.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="contents">
          <DialogBody className="grid gap-2">
            <Label htmlFor="cart-custom-amount">Сумма, ₽</Label>
            <Input
              id="cart-custom-amount"
              inputMode="decimal"
              autoComplete="off"
              placeholder={`от ${range.min} до ${range.max}`}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </DialogBody>
          <DialogFooter>
            <Button variant="secondary" onClick={() => change(false)}>
              Отмена
            </Button>
            <Button type="submit">Продолжить</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
