import { and, asc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, vipPeriods } from '../../db/schema/index';
import type { Term } from './vip-timeline';

type PeriodRow = typeof vipPeriods.$inferSelect;

/** A term with what the shop runs for it; `id` is unset until it is stored. */
export type Period = Term &
  Omit<PeriodRow, keyof Term | 'id' | 'position' | 'createdAt'> & { id?: number };

const toPeriod = ({ position: _position, createdAt: _createdAt, ...row }: PeriodRow): Period => ({
  ...row,
  state: row.state === 'running' || row.state === 'waiting' ? row.state : 'ended',
});

/** The vip module's own table: the player's VIP terms (decision record 0027). */
export function createVipPeriodsRepository(db: Db) {
  return {
    /** Takes the holder's row lock: every change to one player's VIP runs one at a time. */
    async lockHolder(userId: number): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      return rows.length === 1;
    },

    /** The holder's waiting and running terms, in plan order. */
    async live(userId: number): Promise<Period[]> {
      const rows = await db
        .select()
        .from(vipPeriods)
        .where(and(eq(vipPeriods.userId, userId), ne(vipPeriods.state, 'ended')))
        .orderBy(asc(vipPeriods.position), asc(vipPeriods.id));
      return rows.map(toPeriod);
    },

    /** Stores the plan: `plan` in order (its place is its position), ended terms as they ended. */
    async save(plan: Period[], ended: Period[]): Promise<void> {
      const rows = [
        ...plan.map((period, position) => ({ period, position })),
        ...ended.map((period) => ({ period, position: 0 })),
      ];
      for (const { period, position } of rows) {
        const { id, ...fields } = period;
        if (id === undefined) {
          const [row] = await db
            .insert(vipPeriods)
            .values({ ...fields, position })
            .returning({ id: vipPeriods.id });
          period.id = row?.id;
        } else {
          await db
            .update(vipPeriods)
            .set({ ...fields, position })
            .where(eq(vipPeriods.id, id));
        }
      }
    },

    /** Whether an order line ever had a term (ended ones too). */
    async lineHasTerm(orderItemId: number): Promise<boolean> {
      const rows = await db
        .select({ id: vipPeriods.id })
        .from(vipPeriods)
        .where(eq(vipPeriods.orderItemId, orderItemId))
        .limit(1);
      return rows.length > 0;
    },

    /** Holders with a running term whose end has come: the expiry sweep's work. */
    async dueHolders(limit: number): Promise<number[]> {
      const rows = await db
        .selectDistinct({ userId: vipPeriods.userId })
        .from(vipPeriods)
        .where(and(eq(vipPeriods.state, 'running'), lte(vipPeriods.endsAt, sql`now()`)))
        .limit(limit);
      return rows.map((row) => row.userId);
    },

    /** Who holds live terms bought by these order lines, or in this order. */
    /** The order's lines whose VIP a reversed payment revoked: their grants must never run. */
    async revokedLinesOf(orderId: string): Promise<number[]> {
      const rows = await db
        .selectDistinct({ line: vipPeriods.orderItemId })
        .from(vipPeriods)
        .where(and(eq(vipPeriods.orderId, orderId), eq(vipPeriods.endReason, 'revoked')));
      return rows.flatMap((row) => (row.line === null ? [] : [row.line]));
    },

    async holdersOf(filter: { orderId?: string; orderItemIds?: number[] }): Promise<number[]> {
      const where = filter.orderId
        ? eq(vipPeriods.orderId, filter.orderId)
        : inArray(vipPeriods.orderItemId, filter.orderItemIds?.length ? filter.orderItemIds : [-1]);
      const rows = await db
        .selectDistinct({ userId: vipPeriods.userId })
        .from(vipPeriods)
        .where(and(where, ne(vipPeriods.state, 'ended')));
      return rows.map((row) => row.userId);
    },
  };
}
