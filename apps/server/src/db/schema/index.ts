export * from './users';
export * from './servers';
