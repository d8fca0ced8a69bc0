import { useQueryClient } from '@tanstack/react-query';
import { Home, RotateCcw, User } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { queryKeys } from '@/lib/query-keys';
import { usePaymentStatus } from '../api/get-payment-status';
import { PaymentResultCard, type PaymentView } from './payment-result-card';

/**
 * Page A (/payment-success). No order id means nothing can be confirmed: failed. A 'cancelled' status
 * is the player's own choice and needs no server check. Everything else is confirmed by the server.
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  const cancelled = params.get('status') === 'cancelled';
  const status = usePaymentStatus(orderId, !cancelled);
  const queryClient = useQueryClient();
  const paid = status.data?.paid === true;

  useEffect(() => {
    if (paid) void queryClient.invalidateQueries({ queryKey: queryKeys.profileAll });
  }, [paid, queryClient]);

  let view: PaymentView;
  if (!orderId) view = 'failed';
  else if (cancelled) view = 'cancelled';
  else if (status.isPending) view = 'checking';
  else view = paid ? 'success' : 'failed';

  const home = (
    <Button asChild variant="secondary">
      <Link to="/">
        <Home aria-hidden="true" />
        На главную
      </Link>
    </Button>
  );

  switch (view) {
    case 'checking':
      return <PaymentResultCard view="checking" title="Проверяем платеж..." orderId={orderId} />;
    case 'success':
      return (
        <PaymentResultCard
          view="success"
          title="Платеж успешен!"
          description="Ваш баланс пополнен. Средства зачислены на счет."
          orderId={orderId}
          actions={
            <>
              {home}
              <Button asChild>
                <Link to="/profile">
                  <User aria-hidden="true" />
                  Профиль
                </Link>
              </Button>
            </>
          }
        />
      );
    case 'cancelled':
      return (
        <PaymentResultCard
          view="cancelled"
          title="Платеж отменен"
          description="Вы отменили платеж. Ваш баланс не изменился."
          orderId={orderId}
          actions={home}
        />
      );
    default:
      return (
        <PaymentResultCard
          view="failed"
          title="Ошибка платежа"
          description="Оплата не подтверждена. Если деньги списались, напишите в поддержку и укажите номер заказа."
          orderId={orderId}
          actions={
            <>
              {home}
              <Button asChild>
                <Link to="/cart">
                  <RotateCcw aria-hidden="true" />
                  Попробовать снова
                </Link>
              </Button>
            </>
          }
        />
      );
  }
}
