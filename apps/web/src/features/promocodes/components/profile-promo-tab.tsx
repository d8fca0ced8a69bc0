import { Card } from '@/components/ui/card';
import { BalanceCard } from './balance-card';
import { PromoActivationForm } from './promo-activation-form';
import { PromoRules } from './promo-rules';

/** The profile's Promocodes tab; the profile feature receives it as a ready element from the route. */
export function ProfilePromoTab({ balance }: { balance: number }) {
  return (
    <div className="grid gap-5 lg:grid-cols-[1fr_20rem]">
      <Card className="p-5 sm:p-6">
        <h2 className="mb-4 font-display text-lg font-bold tracking-wide text-white uppercase">
          Активация промокода
        </h2>
        <PromoActivationForm variant="strict" isAuthenticated idPrefix="profile-promo" />
        <div className="mt-6">
          <PromoRules variant="profile" />
        </div>
      </Card>
      <BalanceCard balance={balance} />
    </div>
  );
}
