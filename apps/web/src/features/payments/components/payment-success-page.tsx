import { useSearchParams } from 'wouter';
import { SupportChatButton } from '@/components/support-chat-button';
import { RESULT_PAGE_POLLS, usePaymentStatus } from '../api/get-payment-status';
import { useRefreshWhenPaid } from '../use-refresh-when-paid';
import { HomeLink, ProfileLink, RetryLink } from './payment-links';
import { PaymentResultCard, type PaymentView } from './payment-result-card';

/** Page A's answer when the provider has not confirmed the payment within its checks. */
export const UNCONFIRMED_NOTE =
  'Оплата пока не подтверждена. Если платёж пройдёт позже, деньги и бонус зачислятся на баланс сами — возвращаться сюда не нужно. Если деньги списались, а баланс не вырос, напишите в поддержку и укажите номер заказа.';

/**
 * Page A (/payment-success). No order id means nothing can be confirmed: failed. A 'cancelled' status
 * is the player's own choice and needs no server check. Everything else is confirmed by the server:
 * a payment still unpaid after about 15 s of checks is shown as failed (SPEC §2), with a note that
 * a payment completed later is credited by itself.
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  const cancelled = params.get('status') === 'cancelled';
  const status = usePaymentStatus(orderId, { enabled: !cancelled, maxPolls: RESULT_PAGE_POLLS });
  const paid = status.data?.paid === true;
  useRefreshWhenPaid(paid);

  let view: PaymentView;
  if (!orderId) view = 'failed';
  else if (cancelled) view = 'cancelled';
  else if (paid) view = 'success';
  // Sent back before the provider's notification arrived: keep checking for a few seconds.
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
          description={
            status.data?.status === 'pending'
              ? UNCONFIRMED_NOTE
              : 'Оплата не подтверждена. Если деньги списались, напишите в поддержку и укажите номер заказа.'
          }
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
