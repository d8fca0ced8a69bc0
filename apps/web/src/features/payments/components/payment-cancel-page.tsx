import { useSearchParams } from 'wouter';
import { HomeLink, CartLink } from './payment-links';
import { PaymentResultCard } from './payment-result-card';

export function PaymentCancelPage() {
  const [params] = useSearchParams();
  return (
    <PaymentResultCard
      view="cancelled"
      title="Платеж отменен"
      description="Вы отменили платеж. Ваш баланс не изменился."
      orderId={params.get('orderId')}
      actions={
        <>
          <HomeLink />
          <CartLink />
        </>
      }
    />
  );
}
