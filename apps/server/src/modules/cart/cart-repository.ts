import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cartItems, products } from '../../db/schema/index';

export function createCartRepository(db: Db) {
  return {
    list: (userId: number) =>
      db
        .select({ id: cartItems.id, quantity: cartItems.quantity, product: products })
        .from(cartItems)
        .innerJoin(products, eq(products.id, cartItems.productId))
        .where(eq(cartItems.userId, userId))
        .orderBy(asc(cartItems.createdAt)),

    /** Adding a product already in the cart sets its quantity to the new one. */
    async put(userId: number, productId: number, quantity: number) {
      await db
        .insert(cartItems)
        .values({ userId, productId, quantity })
        .onConflictDoUpdate({ target: [cartItems.userId, cartItems.productId], set: { quantity } });
    },

    async remove(userId: number, id: number): Promise<boolean> {
      const deleted = await db
        .delete(cartItems)
        .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)))
        .returning({ id: cartItems.id });
      return deleted.length === 1;
    },

    /**
     * Takes the whole cart for checkout: the rows are deleted as they are read, so a second checkout
     * running at the same moment waits for this one and then finds the cart empty. A checkout that
     * fails rolls back and the cart is there again.
     */
    async take(userId: number) {
      const taken = await db
        .delete(cartItems)
        .where(eq(cartItems.userId, userId))
        .returning({ productId: cartItems.productId, quantity: cartItems.quantity });
      if (taken.length === 0) return [];
      const rows = await db
        .select()
        .from(products)
        .where(
          inArray(
            products.id,
            taken.map((item) => item.productId),
          ),
        );
      return taken.map((item) => ({
        quantity: item.quantity,
        product: rows.find((product) => product.id === item.productId),
      }));
    },

    async clear(userId: number) {
      await db.delete(cartItems).where(eq(cartItems.userId, userId));
    },
  };
}
