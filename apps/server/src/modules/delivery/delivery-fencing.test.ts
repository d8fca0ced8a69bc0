import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, fund, startGameShop, type GameShop } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { createDeliveryRepository } from './delivery-repository';

let world: GameShop;
beforeAll(async () => {
  world = await startGameShop({ sim: { players: [] } });
});
afterAll(() => world?.close());

describe('delivery claims', () => {
  it('let only the newest claim of a job write: a worker whose lease ran out cannot send again', async () => {
    const { shop, admin, serverId } = world;
    const player = await createAccount(shop.app, shop.config, 'player', '76561198000000091');
    await fund(shop, player.id, 100);
    const productId = await addProduct(shop, admin.headers, {
      name: 'Дерево',
      gameItemName: 'wood',
    });
    const bought = await shop.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: player.headers,
      payload: { productId, serverId, quantity: 1 },
    });
    const { orderId } = bought.json();
    // The worker woken by the purchase found the player offline; make the job due again.
    await shop.app.delivery.worker.kick();
    await shop.app.db.execute(
      sql`update delivery_jobs set next_attempt_at = now() where order_id = ${orderId}`,
    );

    const repo = createDeliveryRepository(shop.app.db);
    const [first] = await repo.claimRcon(10, 0); // a lease that runs out at once
    await new Promise((resolve) => setTimeout(resolve, 20));
    const [second] = await repo.claimRcon(10, 60);
    expect(first?.id).toBe(second?.id);
    expect(second!.attempts).toBe(first!.attempts + 1);

    expect(await repo.beginStep(first!, 0, 60)).toBe(false);
    expect(await repo.finish(first!)).toEqual([]);
    expect(await repo.beginStep(second!, 0, 60)).toBe(true);
    expect(await repo.finish(second!)).toHaveLength(1);
  });
});
