import { Home, ShoppingCart } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
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
          <Button asChild variant="secondary">
            <Link to="/">
              <Home aria-hidden="true" />
              На главную
            </Link>
          </Button>
          <Button asChild>
            <Link to="/cart">
              <ShoppingCart aria-hidden="true" />В корзину
            </Link>
          </Button>
        </>
      }
    />
  );
}
