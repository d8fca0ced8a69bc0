import type { AdminProduct, Product } from '@shop/shared';

// Test support, as fake-socket.ts: one place that knows every field of a product, so a field the
// shared schema gains is added here once, not to each test's own copy.

/** A catalogue product for tests: an assault rifle sold on every server, with no sale or block. */
export function testProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 1,
    name: 'Штурмовая винтовка',
    originalName: 'Assault Rifle',
    description: 'Надёжная классика',
    gameItemName: 'rifle.ak',
    gameItemId: 1545779598,
    category: 'weapons',
    server: 'all',
    price: 250,
    quantity: 1,
    image: null,
    popular: false,
    inStock: true,
    isActive: true,
    personalUserId: null,
    vipTier: null,
    vipDays: null,
    wipeBlockHours: 0,
    untilWipe: false,
    originalPrice: null,
    salePercent: null,
    saleEndsAt: null,
    availableAt: null,
    serverOffers: [],
    ...overrides,
  };
}

/** The same product as the admin's list has it, with its commands and creation time. */
export function testAdminProduct(overrides: Partial<AdminProduct> = {}): AdminProduct {
  return {
    ...testProduct(),
    shownImage: null,
    commands: null,
    revokeCommands: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
