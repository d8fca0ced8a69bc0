import { CART_TOP_UP_MIN, TOP_UP_MAX } from '@shop/shared';
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
import { CUSTOM_AMOUNT_ERROR, parseCustomAmount } from '../top-up-amounts';

/** SPEC §5: the cart's own amount, 30 to 15000 roubles; a wrong one is refused with a toast. */
export function CustomAmountDialog({
  open,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (amount: number) => void;
}) {
  const [text, setText] = useState('');

  const change = (next: boolean) => {
    if (!next) setText('');
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = parseCustomAmount(text);
    if (amount === null) {
      toast.error(CUSTOM_AMOUNT_ERROR.title, { description: CUSTOM_AMOUNT_ERROR.description });
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
            От {CART_TOP_UP_MIN} до {TOP_UP_MAX} ₽. Оплата откроется в новой вкладке, корзина
            останется здесь.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="contents">
          <DialogBody className="grid gap-2">
            <Label htmlFor="cart-custom-amount">Сумма, ₽</Label>
            <Input
              id="cart-custom-amount"
              inputMode="decimal"
              autoComplete="off"
              placeholder={`от ${CART_TOP_UP_MIN} до ${TOP_UP_MAX}`}
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
