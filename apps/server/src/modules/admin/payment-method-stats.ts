import {
  kopecksToRoubles,
  paymentMethodStatsSchema,
  paymentProviderIds,
  type PaymentMethodStats,
  type PaymentProviderId,
} from '@shop/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/execute';
import { STATS_DAYS } from './stats-repository';

/** Names of methods before there were several providers, and of methods no provider offers now. */
const FALLBACK_NAMES: Record<string, string> = {
  'freekassa:card': 'Банковская карта',
  'freekassa:kassa': 'Банковская карта',
  'freekassa:sbp': 'СБП',
};
const PROVIDER_NAMES: Record<PaymentProviderId, string> = {
  freekassa: 'FreeKassa',
  yookassa: 'ЮKassa',
  cryptopay: 'Crypto Pay',
};

/**
 * «Платежи по способам» of the overview: one aggregate query over the last 30 days' top-ups (by
 * when they were opened, so opened and paid compare), the credited bonus from the ledger and the
 * reversals from their table. Calendar days in the shop's zone, as the other statistics.
 */
const paymentMethodStatsRoutes: FastifyPluginAsyncZod<{ zone: string }> = async (app, { zone }) => {
  app.get(
    '/payment-stats/methods',
    {
      config: { permission: 'money' },
      schema: {
        tags: ['admin: overview'],
        security: [{ bearer: [] }],
        summary:
          'Top-ups of the last 30 days by provider and method: opened, paid, money paid, bonus credited, reversed',
        response: { 200: paymentMethodStatsSchema },
      },
    },
    async (): Promise<PaymentMethodStats> => {
      const since = sql`((date_trunc('day', now() at time zone ${zone}) - make_interval(days => ${STATS_DAYS - 1})) at time zone ${zone})`;
      const found = await queryRows<Record<string, string>>(
        app.db,
        sql`select p.provider, p.method,
                   count(*) as opened,
                   count(*) filter (where p.status = 'paid') as paid,
                   coalesce(sum(p.amount_kopecks) filter (where p.status = 'paid'), 0) as paid_kopecks,
                   coalesce(sum(b.amount_kopecks), 0) as bonus_kopecks,
                   count(r.id) as reversed,
                   coalesce(sum(r.amount_kopecks), 0) as reversed_kopecks
            from payments p
            left join transactions b on b.payment_id = p.id and b.kind = 'bonus'
            left join payment_reversals r on r.payment_id = p.id
            where p.created_at >= ${since}
            group by p.provider, p.method
            order by paid_kopecks desc, opened desc`,
      );
      const methods = found
        .filter((row) => (paymentProviderIds as readonly string[]).includes(row.provider ?? ''))
        .map((row) => {
          const provider = row.provider as PaymentProviderId;
          const method = row.method ?? '';
          const offered = app.paymentProviders.get(provider);
          const name =
            offered?.methods().find((item) => item.id === method)?.title ??
            FALLBACK_NAMES[`${provider}:${method}`] ??
            method;
          return {
            provider,
            providerName: offered?.title ?? PROVIDER_NAMES[provider],
            method,
            name,
            opened: Number(row.opened),
            paid: Number(row.paid),
            paidAmount: kopecksToRoubles(Number(row.paid_kopecks)),
            bonus: kopecksToRoubles(Number(row.bonus_kopecks)),
            reversed: Number(row.reversed),
            reversedAmount: kopecksToRoubles(Number(row.reversed_kopecks)),
          };
        });
      return { days: STATS_DAYS, methods };
    },
  );
};

export default paymentMethodStatsRoutes;
