import { PaymentCallbackPage } from '@/features/payments/components/payment-callback-page';
import { PaymentCancelPage } from '@/features/payments/components/payment-cancel-page';
import { PaymentSuccessPage } from '@/features/payments/components/payment-success-page';

/** Page A: the provider's success return. */
export function PaymentSuccessRoute() {
  return <PaymentSuccessPage />;
}

/** Page B: the provider's generic return, which may arrive before the notification. */
export function PaymentCallbackRoute() {
  return <PaymentCallbackPage />;
}

export function PaymentCancelRoute() {
  return <PaymentCancelPage />;
}
