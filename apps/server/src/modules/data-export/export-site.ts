import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';

/** What the export carries of the shop's look beside its data: the settings and their pictures. */
export const SITE_SETTINGS_FILE = 'site/settings.json';
export const SITE_IMAGES_FOLDER = 'site/images/';

/**
 * The settings in force as the owner wrote them (only what they changed: the rest is the shop's
 * default) and the files of the pictures they show, so an owner leaving keeps their look too.
 */
export async function* siteExportFiles(
  db: Db,
): AsyncGenerator<{ name: string; bytes: Uint8Array }> {
  const [latest] = await queryRows<{ version: number; overrides: unknown; created_at: Date }>(
    db,
    sql`select version, overrides, created_at from site_versions order by version desc limit 1`,
  );
  const overrides = (latest?.overrides ?? {}) as {
    images?: Record<string, unknown> & { categories?: Record<string, unknown> };
  };
  const settings = {
    version: latest?.version ?? 0,
    savedAt: latest ? new Date(latest.created_at).toISOString() : null,
    overrides,
  };
  yield {
    name: SITE_SETTINGS_FILE,
    bytes: new TextEncoder().encode(`${JSON.stringify(settings, null, 2)}\n`),
  };
  // The shop's own pictures, then each category's (by key, under `images.categories`).
  const { categories, ...slots } = overrides.images ?? {};
  const named = [...Object.values(slots), ...Object.values(categories ?? {})];
  const ids = [
    ...new Set(
      named.filter((id): id is string => typeof id === 'string' && /^[0-9a-f]{20}$/.test(id)),
    ),
  ];
  for (const id of ids) {
    const files = await queryRows<{ name: string; bytes: Uint8Array }>(
      db,
      sql`select name, bytes from site_images where name like ${`${id}-%`} order by name`,
    );
    for (const file of files)
      yield { name: `${SITE_IMAGES_FOLDER}${file.name}`, bytes: file.bytes };
  }
}
