import { useSearchParams } from 'wouter';
import { SupportChatButton } from '@/components/support-chat-button';
import { usePaymentStatus } from '../api/get-payment-status';
import { useRefreshWhenPaid } from '../use-refresh-when-paid';
import { HomeLink, ProfileLink, RetryLink } from './payment-links';
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
  const paid = status.data?.paid === true;
  useRefreshWhenPaid(paid);

  let view: PaymentView;
  if (!orderId || paid) view = 'success';
  else if (status.isPending) view = 'checking';
  else if (status.isError) view = 'failed';
  else view = viewFromQuery(params.get('status'));

  const home = <HomeLink />;

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
              <ProfileLink />
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
              <RetryLink />
              {orderId && <SupportChatButton orderId={orderId} className="h-10 px-4 text-sm" />}
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
