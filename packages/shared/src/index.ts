import './zod-locale';
export * from './money';
export * from './messages';
export * from './schemas/common';
export * from './schemas/user';
export * from './schemas/server';
export * from './schemas/catalog';
export * from './stacks';
