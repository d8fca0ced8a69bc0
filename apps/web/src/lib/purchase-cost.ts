import { costKopecks, kopecksToRoubles, roublesToKopecks } from '@shop/shared';

// A module of its own: the catalogue's cards show offers without it, and the stack arithmetic it
// brings belongs to the purchase dialog's and the cart's chunks.

/** SPEC §5: price × stacks rounded up, via the shared kopeck arithmetic the server charges by. */
export function purchaseCost(price: number, quantity: number, stackSize: number): number {
  return kopecksToRoubles(costKopecks(roublesToKopecks(price), quantity, stackSize));
}
