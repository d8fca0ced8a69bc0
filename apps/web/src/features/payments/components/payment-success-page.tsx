import { useSearchParams } from 'wouter';
import { SupportChatButton } from '@/components/support-chat-button';
import { usePaymentStatus } from '../api/get-payment-status';
import { useRefreshWhenPaid } from '../use-refresh-when-paid';
import { HomeLink, ProfileLink, RetryLink } from './payment-links';
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
  const paid = status.data?.paid === true;
  useRefreshWhenPaid(paid);

  let view: PaymentView;
  if (!orderId) view = 'failed';
  else if (cancelled) view = 'cancelled';
  else if (paid) view = 'success';
  // Sent back before the provider's notification arrived: keep checking until polling gives up.
  else if (status.isPending || status.confirming) view = 'checking';
  else view = 'failed';

  const home = <HomeLink />;

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
              <ProfileLink />
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
              <RetryLink />
              {orderId && <SupportChatButton orderId={orderId} className="h-10 px-4 text-sm" />}
            </>
          }
        />
      );
  }
}
