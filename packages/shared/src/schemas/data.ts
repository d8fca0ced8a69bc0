import { z } from 'zod';

/** The admin overview's backup line: the newest backup, its age against the schedule. */
export const backupStatusSchema = z.object({
  /** Hours between scheduled backups; 0 when the shop takes none by itself. */
  everyHours: z.number().int().min(0),
  keep: z.number().int().min(1),
  last: z
    .object({
      takenAt: z.iso.datetime(),
      /** The machine the file is on (with several processes, the leader's). */
      host: z.string(),
      file: z.string(),
      bytes: z.number().int().min(0),
      schemaVersion: z.number().int().min(0),
      trigger: z.enum(['schedule', 'command']),
      rows: z.number().int().min(0),
    })
    .nullable(),
  /** True when backups are scheduled and the newest is older than two periods (or missing). */
  stale: z.boolean(),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;

/**
 * After `npm run restore`: when the restore was, and the servers whose plugin key was issued
 * before it (the backup's key, maybe one rotated away since): the owner issues each a new one.
 */
export const restoredKeysSchema = z.object({
  restoredAt: z.iso.datetime().nullable(),
  servers: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type RestoredKeys = z.infer<typeof restoredKeysSchema>;

/** The largest import file the server takes; the panel refuses a larger one before sending it. */
export const IMPORT_FILE_MAX_BYTES = 4 * 1024 * 1024;
/**
 * The largest balance file: 200 000 rows with notes. A reverse proxy in front of the shop must let
 * a body this large through to /api/admin/import/balances (nginx: client_max_body_size 24m).
 */
export const BALANCE_FILE_MAX_BYTES = 24 * 1024 * 1024;

/** One line of an import file that cannot be taken, with the reason in Russian. */
export const importErrorSchema = z.object({ line: z.number().int().min(1), message: z.string() });
export type ImportError = z.infer<typeof importErrorSchema>;

export const importQuerySchema = z.object({
  /** `1`: answer what would happen and change nothing. */
  dryRun: z.enum(['0', '1', 'true', 'false']).optional(),
});

/** What a balance file does (dry run) or did: rows, players found or created, the total. */
export const balanceImportResultSchema = z.object({
  dryRun: z.boolean(),
  /** Data rows in the file (the header not counted). */
  rows: z.number().int().min(0),
  /** Rows credited now (or that would be). */
  credited: z.number().int().min(0),
  /** Rows an import already credited (the same Steam ID, amount and note): skipped. */
  alreadyImported: z.number().int().min(0),
  playersFound: z.number().int().min(0),
  playersCreated: z.number().int().min(0),
  /** Roubles credited now (or that would be). */
  total: z.number(),
  errors: z.array(importErrorSchema),
});
export type BalanceImportResult = z.infer<typeof balanceImportResultSchema>;

/** The latest balance imports as they run: rows done of rows, what was credited so far. */
export const balanceImportRunsSchema = z.object({
  runs: z.array(
    z.object({
      /** The start of the file's key (its rows in any order). */
      file: z.string(),
      rows: z.number().int().min(0),
      done: z.number().int().min(0),
      credited: z.number().int().min(0),
      /** Roubles credited so far. */
      total: z.number(),
      startedAt: z.iso.datetime(),
      /** Null while it runs. */
      finishedAt: z.iso.datetime().nullable(),
    }),
  ),
});
export type BalanceImportRuns = z.infer<typeof balanceImportRunsSchema>;

/** What a product file does (dry run) or did. */
export const productImportResultSchema = z.object({
  dryRun: z.boolean(),
  rows: z.number().int().min(0),
  created: z.number().int().min(0),
  /** Rows naming a product that is already there (same name, item and server): left as they are. */
  existing: z.number().int().min(0),
  products: z.array(
    z.object({
      line: z.number().int().min(1),
      name: z.string(),
      price: z.number(),
      server: z.string(),
      status: z.enum(['new', 'existing']),
    }),
  ),
  errors: z.array(importErrorSchema),
});
export type ProductImportResult = z.infer<typeof productImportResultSchema>;
