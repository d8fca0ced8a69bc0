import { useQueryClient } from '@tanstack/react-query';
import { Home, User } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { queryKeys } from '@/lib/query-keys';
import { usePaymentStatus } from '../api/get-payment-status';
import { PaymentResultCard, type PaymentView } from './payment-result-card';

/** The query's own word is trusted only for "still pending" and "failed": success needs the server. */
function viewFromQuery(status: string | null): PaymentView {
  return status === 'failed' || status === 'error' ? 'failed' : 'pending';
}

/**
 * Page B (/payment-callback). Without an order id there is nothing to check and the provider only
 * sends players here after paying: success. With one, the server decides.
 */
export function PaymentCallbackPage() {
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  const status = usePaymentStatus(orderId);
  const queryClient = useQueryClient();
  const paid = status.data?.paid === true;

  useEffect(() => {
    // Invalidating is a no-op for a guest: the profile query only runs with a token.
    if (paid) void queryClient.invalidateQueries({ queryKey: queryKeys.profileAll });
  }, [paid, queryClient]);

  let view: PaymentView;
  if (!orderId || paid) view = 'success';
  else if (status.isPending) view = 'checking';
  else if (status.isError) view = 'failed';
  else view = viewFromQuery(params.get('status'));

  const home = (
    <Button asChild variant="secondary">
      <Link to="/">
        <Home aria-hidden="true" />
        На главную
      </Link>
    </Button>
  );
  const profile = (
    <Button asChild>
      <Link to="/profile">
        <User aria-hidden="true" />
        Профиль
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
          title="Платеж успешно завершен!"
          description="Средства зачислены на баланс вместе с бонусом."
          orderId={orderId}
          actions={
            <>
              {home}
              {profile}
            </>
          }
        />
      );
    case 'failed':
      return (
        <PaymentResultCard
          view="failed"
          title="Платеж не удался. Попробуйте еще раз."
          orderId={orderId}
          actions={
            <>
              {home}
              <Button asChild>
                <Link to="/cart">Попробовать снова</Link>
              </Button>
            </>
          }
        />
      );
    default:
      return (
        <PaymentResultCard
          view="pending"
          title="Обработка платежа"
          description="Платёжная система ещё подтверждает оплату. Страница обновится сама, как только деньги поступят."
          orderId={orderId}
          actions={home}
        />
      );
  }
}
