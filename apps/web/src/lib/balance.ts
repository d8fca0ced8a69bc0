import { kopecksToRoubles, roublesToKopecks } from '@shop/shared';

/**
 * How many roubles the balance lacks for a cost; 0 when it covers it. Counted in kopecks so that
 * 0.1 + 0.2 style float errors can never block a purchase the balance exactly covers.
 */
export function shortfall(balance: number, cost: number): number {
  const missing = roublesToKopecks(cost) - roublesToKopecks(balance);
  return missing > 0 ? kopecksToRoubles(missing) : 0;
}
