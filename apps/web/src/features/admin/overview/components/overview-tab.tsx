import { AuditLogSection } from './audit-log-section';
import { BackupStatusCard } from '../../shared/components/backup-status-card';
import { Can } from '../../shared/components/can';
import { HeldOrdersSection } from './held-orders-section';
import { LatestOrders } from './latest-orders';
import { LegalSamplesCard } from './legal-samples-card';
import { OverviewCards } from './overview-cards';
import { PaymentStatsSection } from './payment-stats';
import { PaymentsSection } from './payments-section';
import { PaymentMethodStatsSection } from '../../payment-methods/components/payment-method-stats';
import { PaymentMethodsSection } from '../../payment-methods/components/payment-methods-section';
import { RevenueByWipe } from './revenue-by-wipe';
import { RevenueChart } from './revenue-chart';
import { RestoredKeysBanner } from '../../servers/components/restored-keys-banner';

/**
 * SPEC §2 tab 1: the cards, the last backup's age, revenue per day (with the wipes marked) and per
 * wipe, the latest orders, payments (each top-up, reversible), and the audit log; each part only
 * for staff whose permissions cover it.
 */
export function OverviewTab() {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <Can permission="servers">
        <RestoredKeysBanner />
      </Can>
      <Can permission="money">
        <OverviewCards />
      </Can>
      <Can permission="settings">
        <BackupStatusCard />
        <LegalSamplesCard />
      </Can>
      <Can permission="money">
        <div className="grid grid-cols-[minmax(0,1fr)] gap-5 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <RevenueChart />
          <PaymentStatsSection />
        </div>
        <RevenueByWipe />
        <PaymentMethodStatsSection />
      </Can>
      <Can permission="orders.view">
        <LatestOrders />
      </Can>
      <Can permission="orders.refund">
        <HeldOrdersSection />
      </Can>
      <Can permission="money">
        <PaymentsSection />
        <PaymentMethodsSection />
      </Can>
      <Can permission="settings">
        <AuditLogSection />
      </Can>
    </div>
  );
}
