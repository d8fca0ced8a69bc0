import { CircleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useSession } from '@/features/auth/use-session';
import { formatRoubles } from '@/lib/format';
import { useDebt } from '@/features/payments/api/get-debt';
import { useTopUp } from './top-up-provider';

/**
 * Under the header on every page (the shop, the cart, the profile) while a reversed top-up left the
 * balance below zero: why purchases and gifts are refused, how much is owed, and the way out.
 */
export function DebtNotice() {
  const { user } = useSession();
  const { openTopUp } = useTopUp();
  const debt = useDebt(user?.balance);
  if (!user || user.balance >= 0) return null;
  const message =
    debt.data?.message ??
    `Пополнение отменено: долг ${formatRoubles(-user.balance)}. Пополните баланс, чтобы снова покупать.`;
  return (
    <div
      role="alert"
      className="relative z-20 flex flex-wrap items-center justify-center gap-x-4 gap-y-2 border-b border-red-500/40 bg-red-950/85 px-4 py-2 text-center text-sm text-red-50"
    >
      <p className="flex items-center gap-2">
        <CircleAlert className="size-4 shrink-0 text-red-300" aria-hidden="true" />
        {message}
      </p>
      <Button size="sm" onClick={openTopUp}>
        Пополнить баланс
      </Button>
    </div>
  );
}
