/**
 * Query keys that more than one feature touches. Everything that belongs to the signed-in user sits
 * under ['user', ...] so that logout can drop it all in one call without knowing each feature.
 */
export const queryKeys = {
  userScope: ['user'] as const,
  profile: (token: string | null) => ['user', 'profile', token] as const,
  profileAll: ['user', 'profile'] as const,
  orders: ['user', 'orders'] as const,
  gifts: ['user', 'gifts'] as const,
  transactions: ['user', 'transactions'] as const,
  cart: ['user', 'cart'] as const,
  /** The activated percentage code the next top-up uses (the top-up dialog's preview). */
  waitingPromo: ['user', 'waiting-promo'] as const,
  /** The ways to pay the top-up dialog offers, and whether the next top-up is the player's first. */
  paymentMethods: ['user', 'payment-methods'] as const,
  servers: ['servers'] as const,
  products: (filters: Record<string, string> = {}) => ['products', filters] as const,
  /** Every catalogue query, whatever its filters: what a price or product change invalidates. */
  productsAll: ['products'] as const,
  site: ['site'] as const,
};
