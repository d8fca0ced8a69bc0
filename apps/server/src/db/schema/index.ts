export * from './users';
export * from './servers';
export * from './catalog';
export * from './orders';
export * from './money';
export * from './delivery';
export * from './idempotency';
export * from './chat';
