import { and, count, desc, eq, gt, ilike, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentReversals, payments, users } from '../../db/schema/index';

export type PaymentRow = typeof payments.$inferSelect;

export function createPaymentsRepository(db: Db) {
  return {
    async create(values: typeof payments.$inferInsert): Promise<PaymentRow> {
      const [row] = await db.insert(payments).values(values).returning();
      if (!row) throw new Error('payment insert returned no row');
      return row;
    },

    async findById(id: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
      return row;
    },

    /** A player's latest top-ups, newest first (the staff's support view). */
    recentForUser: (userId: number, limit: number) =>
      db
        .select()
        .from(payments)
        .where(eq(payments.userId, userId))
        .orderBy(desc(payments.createdAt))
        .limit(limit),

    async setPayUrl(id: string, payUrl: string, providerId: string | null = null) {
      await db
        .update(payments)
        .set(providerId ? { payUrl, providerId } : { payUrl })
        .where(eq(payments.id, id));
    },

    /** A payment by the provider's own id (YooKassa's payment id, Crypto Pay's invoice id). */
    async findByProviderId(provider: string, providerId: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.providerId, providerId)))
        .limit(1);
      return row;
    },

    /** Moves a payment to paid exactly once: of any number of concurrent callers, one gets the row. */
    async markPaid(
      id: string,
      providerId: string | null,
      at?: Date,
    ): Promise<PaymentRow | undefined> {
      const [row] = await db
        .update(payments)
        // The provider's id known since creation stays when the credit comes without one.
        .set({
          status: 'paid',
          providerId: sql`coalesce(${providerId}, ${payments.providerId})`,
          paidAt: at ?? sql`now()`,
        })
        .where(and(eq(payments.id, id), ne(payments.status, 'paid')))
        .returning();
      return row;
    },

    async markClosed(id: string, status: 'cancelled' | 'failed') {
      await db
        .update(payments)
        .set({ status })
        .where(and(eq(payments.id, id), eq(payments.status, 'pending')));
    },

    /** Pending payments old enough that a notification should have come, young enough to matter. */
    listStalePending(olderThanMinutes: number, youngerThanDays: number) {
      return db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.status, 'pending'),
            lt(payments.createdAt, sql`now() - make_interval(mins => ${olderThanMinutes})`),
            gt(payments.createdAt, sql`now() - make_interval(days => ${youngerThanDays})`),
          ),
        )
        .limit(100);
    },

    /**
     * The admin's list: top-ups newest first, each with its player and its reversal, filtered by a
     * player's name (part of it), Steam ID or the start of the payment id.
     */
    async adminPage(page: number, pageSize: number, query: string | undefined) {
      const text = query?.replace(/[\\%_]/g, (char) => `\\${char}`);
      const filter = text
        ? or(
            ilike(users.username, `%${text}%`),
            eq(users.steamId, query!),
            ilike(sql`${payments.id}::text`, `${text.toLowerCase()}%`),
          )
        : undefined;
      const [rows, [counted]] = await Promise.all([
        db
          .select({ payment: payments, user: users, reversal: paymentReversals })
          .from(payments)
          .innerJoin(users, eq(users.id, payments.userId))
          .leftJoin(paymentReversals, eq(paymentReversals.paymentId, payments.id))
          .where(filter)
          .orderBy(desc(payments.createdAt), desc(payments.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db
          .select({ total: count() })
          .from(payments)
          .innerJoin(users, eq(users.id, payments.userId))
          .where(filter),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },

    /** Of a provider's own ids, the paid top-ups not reversed yet, with their amounts. */
    async paidWithoutReversalByProviderIds(provider: string, providerIds: string[]) {
      if (providerIds.length === 0) return [];
      return db
        .select({
          id: payments.id,
          userId: payments.userId,
          providerId: payments.providerId,
          amountKopecks: payments.amountKopecks,
        })
        .from(payments)
        .leftJoin(paymentReversals, eq(paymentReversals.paymentId, payments.id))
        .where(
          and(
            eq(payments.provider, provider),
            inArray(payments.providerId, providerIds),
            eq(payments.status, 'paid'),
            isNull(paymentReversals.id),
          ),
        );
    },

    /** Of these ids, the paid top-ups not reversed yet (the refunded orders still to act on). */
    async paidWithoutReversal(ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: payments.id })
        .from(payments)
        .leftJoin(paymentReversals, eq(paymentReversals.paymentId, payments.id))
        .where(
          and(inArray(payments.id, ids), eq(payments.status, 'paid'), isNull(paymentReversals.id)),
        );
      return rows.map((row) => row.id);
    },
  };
}
