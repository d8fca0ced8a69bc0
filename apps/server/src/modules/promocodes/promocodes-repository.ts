import type { Promocode } from '@shop/shared';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { promoActivations, promocodes } from '../../db/schema/index';

export type PromocodeRow = typeof promocodes.$inferSelect;

export function toPromocode(row: PromocodeRow): Promocode {
  return {
    id: row.id,
    code: row.code,
    discount: Number(row.discount),
    type: row.type as Promocode['type'],
    usageLimit: row.usageLimit,
    maxUses: row.usageLimit,
    usageCount: row.usageCount,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    isActive: row.isActive,
    description: row.description,
    category: row.category,
  };
}

export function createPromocodesRepository(db: Db) {
  return {
    /** The player's activated percentage code still waiting for a top-up, oldest first. */
    async findWaitingPromo(userId: number) {
      const [row] = await db
        .select({
          activationId: promoActivations.id,
          percent: promocodes.discount,
          code: promocodes.code,
        })
        .from(promoActivations)
        .innerJoin(promocodes, eq(promocodes.id, promoActivations.promocodeId))
        .where(
          and(
            eq(promoActivations.userId, userId),
            isNull(promoActivations.paymentId),
            eq(promocodes.type, 'percentage'),
          ),
        )
        .orderBy(promoActivations.createdAt)
        .limit(1);
      return row;
    },

    /** Claims an activation for a paid top-up; false when another top-up used it first. */
    async claimPromo(activationId: number, paymentId: string): Promise<boolean> {
      const claimed = await db
        .update(promoActivations)
        .set({ paymentId })
        .where(and(eq(promoActivations.id, activationId), isNull(promoActivations.paymentId)))
        .returning({ id: promoActivations.id });
      return claimed.length === 1;
    },

    list: () => db.select().from(promocodes).orderBy(desc(promocodes.createdAt)),

    /** Creates a code; undefined when the code exists already. */
    async create(values: typeof promocodes.$inferInsert): Promise<PromocodeRow | undefined> {
      const [row] = await db.insert(promocodes).values(values).onConflictDoNothing().returning();
      return row;
    },

    async remove(id: number): Promise<boolean> {
      const deleted = await db
        .delete(promocodes)
        .where(eq(promocodes.id, id))
        .returning({ id: promocodes.id });
      return deleted.length === 1;
    },

    /** The code's row, locked until the transaction ends: activations of one code queue up here. */
    async lockByCode(code: string): Promise<PromocodeRow | undefined> {
      const [row] = await db
        .select()
        .from(promocodes)
        .where(eq(promocodes.code, code))
        .for('update')
        .limit(1);
      return row;
    },

    /** Records the activation once per user and counts it; false when this user had it already. */
    async activate(promocodeId: number, userId: number, at?: Date): Promise<boolean> {
      const inserted = await db
        .insert(promoActivations)
        .values({ promocodeId, userId, ...(at ? { createdAt: at } : {}) })
        .onConflictDoNothing()
        .returning({ id: promoActivations.id });
      if (inserted.length === 0) return false;
      await db
        .update(promocodes)
        .set({ usageCount: sql`${promocodes.usageCount} + 1` })
        .where(eq(promocodes.id, promocodeId));
      return true;
    },
  };
}
