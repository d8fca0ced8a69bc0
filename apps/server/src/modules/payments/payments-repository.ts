import { and, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema/index';

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

    async setPayUrl(id: string, payUrl: string) {
      await db.update(payments).set({ payUrl }).where(eq(payments.id, id));
    },

    /** Moves a payment to paid exactly once: of any number of concurrent callers, one gets the row. */
    async markPaid(
      id: string,
      providerId: string | null,
      at?: Date,
    ): Promise<PaymentRow | undefined> {
      const [row] = await db
        .update(payments)
        .set({ status: 'paid', providerId, paidAt: at ?? sql`now()` })
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

    /** The user's activated percentage code that no paid top-up has used yet. */
  };
}
