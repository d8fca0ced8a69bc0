import { AuditLogSection } from './audit-log-section';
import { LatestOrders } from './latest-orders';
import { OverviewCards } from './overview-cards';
import { PaymentStatsSection } from './payment-stats';
import { RevenueChart } from './revenue-chart';

/** SPEC §2 tab 1: the cards, revenue per day, the latest orders, payments, and the audit log. */
export function OverviewTab() {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <OverviewCards />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-5 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <RevenueChart />
        <PaymentStatsSection />
      </div>
      <LatestOrders />
      <AuditLogSection />
    </div>
  );
}
