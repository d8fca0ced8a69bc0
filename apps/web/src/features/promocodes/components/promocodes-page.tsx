import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { BalanceCard } from './balance-card';
import { PromoActivationForm } from './promo-activation-form';
import { PromoRules } from './promo-rules';

export function PromocodesPage({
  isAuthenticated,
  balance,
}: {
  isAuthenticated: boolean;
  balance: number | null;
}) {
  return (
    <>
      <PageHeader
        title="Промокоды"
        description="Вводите коды из новостей, розыгрышей и стримов — бонус сразу зачислится на баланс."
      />
      <div className="grid gap-5 lg:grid-cols-[1fr_20rem]">
        <Card className="p-5 sm:p-6">
          <h2 className="mb-4 font-display text-lg font-bold tracking-wide text-white uppercase">
            Активация промокода
          </h2>
          <PromoActivationForm
            variant="simple"
            isAuthenticated={isAuthenticated}
            idPrefix="promo-page"
          />
        </Card>
        {balance !== null && <BalanceCard balance={balance} />}
        <Card className="p-5 sm:p-6 lg:col-span-2">
          <PromoRules variant="page" />
        </Card>
      </div>
    </>
  );
}
