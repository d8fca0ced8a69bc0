import type { Config } from './config';

/**
 * The line a started shop prints: its mode as it is, so nobody takes a development start (no
 * NODE_ENV=production: no production checks of its settings) for a production one.
 */
export function startBanner(config: Config, database: 'pglite' | 'postgres'): string {
  const mode = config.demo
    ? 'demo mode'
    : config.nodeEnv === 'production'
      ? 'production mode'
      : `${config.nodeEnv} mode, NOT production: set NODE_ENV=production for real players`;
  const db = database === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  return `Shop is running (${mode}, ${db}): ${config.publicUrl}`;
}
