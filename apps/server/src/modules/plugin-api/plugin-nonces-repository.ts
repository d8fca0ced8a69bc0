import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';

/**
 * Nonces of the plugin's signed requests, in PostgreSQL so that every shop instance behind a load
 * balancer refuses the same replay.
 */
export function createPluginNoncesRepository(db: Db) {
  return {
    /**
     * Takes a nonce for this server, kept `keepSeconds`; false when the server used it already (a
     * replay). The same statement drops the server's expired nonces, so the table stays as small as
     * the requests of the last few minutes without any periodic job.
     */
    async take(serverId: number, nonce: string, keepSeconds: number): Promise<boolean> {
      const taken = await queryRows<{ nonce: string }>(
        db,
        sql`
        with expired as (
          delete from plugin_nonces where server_id = ${serverId} and expires_at < now())
        insert into plugin_nonces (server_id, nonce, expires_at)
        values (${serverId}, ${nonce}, now() + make_interval(secs => ${keepSeconds}))
        on conflict do nothing
        returning nonce`,
      );
      return taken.length === 1;
    },
  };
}
