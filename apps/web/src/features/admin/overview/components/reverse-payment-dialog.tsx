import { paymentReversalInputSchema, type AdminPayment } from '@shop/shared';
import { useState, type FormEvent } from 'react';
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
import { fieldAria, FormAlert, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorText } from '@/lib/api-client';
import { formatRoubles } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useReversePayment } from '../api/admin-payments';

/**
 * «Отменить пополнение» with its required reason: the top-up and its bonus leave the player's
 * balance (which may go below zero), and VIP bought since is revoked.
 */
export function ReversePaymentDialog({
  payment,
  onClose,
}: {
  payment: AdminPayment;
  onClose: () => void;
}) {
  const reverse = useReversePayment();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const busy = reverse.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = paymentReversalInputSchema.safeParse({ reason });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Укажите причину');
      return;
    }
    try {
      const reply = await reverse.mutateAsync({ id: payment.id, reason: checked.data.reason });
      toast.success(reply.reversed ? 'Пополнение отменено' : 'Уже отменено', {
        description: reply.message,
      });
      onClose();
    } catch (failure) {
      setError(errorText(failure, 'Не удалось отменить пополнение'));
    }
  };

  return (
    <Dialog open onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Отменить пополнение</DialogTitle>
          <DialogDescription className="break-all">
            {payment.username} · {formatRoubles(payment.amount)} + бонус{' '}
            {formatRoubles(payment.bonus)} · #{payment.id.slice(0, 8)}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void submit(event)} noValidate className="contents">
          <DialogBody className="grid gap-4">
            <FormAlert>{error}</FormAlert>
            <p className="text-sm text-muted-foreground">
              Пополнение и бонус спишутся с баланса игрока одной записью, даже если баланс уйдёт в
              минус. Пока долг не погашен, игрок не сможет покупать и дарить. VIP, купленный после
              этого пополнения, будет отозван. Отменить пополнение можно только один раз.
            </p>
            <FormField id="reversal-reason" label="Причина" required>
              <Input
                {...fieldAria('reversal-reason', error ?? undefined)}
                autoComplete="off"
                maxLength={300}
                placeholder="Чарджбэк по заявке банка"
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            </FormField>
          </DialogBody>
          <DialogFooter>
            <Button type="button" variant="secondary" disabled={busy} onClick={onClose}>
              Закрыть
            </Button>
            <Button type="submit" variant="destructive" disabled={busy}>
              Отменить пополнение
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
