import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentMethodSettings } from '../../db/schema/index';

export type MethodSettingRow = typeof paymentMethodSettings.$inferSelect;

/** The owner's on/off and order of the payment methods (payment_method_settings). */
export function createPaymentMethodsRepository(db: Db) {
  return {
    all: (): Promise<MethodSettingRow[]> => db.select().from(paymentMethodSettings),

    /**
     * The owner's whole list, in order: each method's row is written with its place, in one
     * statement, so two admins saving at once leave one list or the other, never a mix.
     */
    async replace(list: ReadonlyArray<{ provider: string; methodId: string; enabled: boolean }>) {
      if (list.length === 0) return;
      await db
        .insert(paymentMethodSettings)
        .values(list.map((item, position) => ({ ...item, position })))
        .onConflictDoUpdate({
          target: [paymentMethodSettings.provider, paymentMethodSettings.methodId],
          set: {
            enabled: sql`excluded.enabled`,
            position: sql`excluded.position`,
            updatedAt: sql`now()`,
          },
        });
    },
  };
}
