import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import moduleMap from './module-map.json';

/**
 * The module map (module-map.json) is the one statement of who owns what: ESLint's import zones read
 * each module's public files from it, and these checks hold the source to its table ownership and
 * docs/architecture.md to both.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const serverSrc = path.resolve(here, '..');
const repoRoot = path.resolve(serverSrc, '../../..');

type ModuleName = keyof typeof moduleMap;
const modules = Object.keys(moduleMap) as ModuleName[];

/**
 * Writes that still cross an owner's line, each with the change that ends it. The purchase path
 * (orders/, the ledger, the delivery queue's order bookkeeping) is being rewritten into one
 * statement; these go with that rewrite. The list must match exactly: a fixed one is removed here.
 */
const pendingWrites = [
  // The ledger keeps users.balance_kopecks equal to its entries in the same statement.
  { file: 'modules/ledger/ledger.ts', table: 'users' },
  // Buyer's spending totals: a users-repository function called by place-order.
  { file: 'modules/orders/place-order.ts', table: 'users' },
  // Cancelling an order's undelivered jobs: a delivery-repository function.
  { file: 'modules/orders/refund-order.ts', table: 'delivery_jobs' },
  // Completing an order when its last job is delivered: an orders-repository function.
  { file: 'modules/delivery/delivery-repository.ts', table: 'orders' },
];

/** Module dependencies that still run both ways (orders is the purchase path's). */
const pendingCycles = [
  // gifts lists received gifts through the orders repository; orders types gift recipients.
  ['gifts', 'orders'],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      return entry === 'migrations' || entry === 'test-support' ? [] : sourceFiles(full);
    }
    return /\.(ts|sql)$/.test(entry) && !entry.endsWith('.test.ts') ? [full] : [];
  });
}

/** Drizzle table objects by export name, and every SQL table name, from db/schema. */
function schemaTables() {
  const byExport = new Map<string, string>();
  const schemaDir = path.join(serverSrc, 'db/schema');
  for (const file of readdirSync(schemaDir)) {
    const text = readFileSync(path.join(schemaDir, file), 'utf8');
    for (const match of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) {
      byExport.set(match[1]!, match[2]!);
    }
  }
  return { byExport, names: new Set(byExport.values()) };
}

const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*(\/\/|--).*$/gm, '');

/** Every table each source file writes: Drizzle insert/update/delete, and raw SQL text. */
function writesByFile() {
  const { byExport, names } = schemaTables();
  const writes: Array<{ file: string; table: string }> = [];
  for (const full of sourceFiles(serverSrc)) {
    const text = withoutComments(readFileSync(full, 'utf8'));
    const tables = new Set<string>();
    for (const match of text.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
      const table = byExport.get(match[1]!);
      if (table) tables.add(table);
    }
    for (const match of text.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+(\w+)/gi)) {
      if (names.has(match[1]!)) tables.add(match[1]!);
    }
    const file = path.relative(serverSrc, full).split(path.sep).join('/');
    for (const table of tables) writes.push({ file, table });
  }
  return writes;
}

const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1];

function ownerOf(table: string): string | undefined {
  return modules.find((name) => (moduleMap[name].tables as string[]).includes(table));
}

/** Which modules each module's shipped code imports. */
function moduleImports() {
  const edges = new Map<string, Set<string>>();
  for (const name of modules) {
    edges.set(name, new Set());
    for (const full of sourceFiles(path.join(serverSrc, 'modules', name))) {
      const text = readFileSync(full, 'utf8');
      for (const match of text.matchAll(/from '\.\.\/([a-z-]+)\//g)) {
        if (match[1] !== name) edges.get(name)!.add(match[1]!);
      }
    }
  }
  return edges;
}

/** The module map as the Markdown table docs/architecture.md carries. */
function moduleTable(): string {
  const code = (items: readonly string[]) => items.map((item) => `\`${item}\``).join(', ') || '—';
  return [
    '| Module | What it does | Tables it writes | Public files |',
    '| --- | --- | --- | --- |',
    ...modules.map((name) => {
      const entry = moduleMap[name];
      return `| \`${name}\` | ${entry.does} | ${code(entry.tables)} | ${code(entry.public)} |`;
    }),
  ].join('\n');
}

describe('module map', () => {
  it('names every server module folder, and only those, with public files that exist', () => {
    const folders = readdirSync(path.join(serverSrc, 'modules')).filter((entry) =>
      statSync(path.join(serverSrc, 'modules', entry)).isDirectory(),
    );
    expect([...modules].sort()).toEqual(folders.sort());
    for (const name of modules) {
      for (const file of moduleMap[name].public) {
        expect(statSync(path.join(serverSrc, 'modules', name, file)).isFile(), file).toBe(true);
      }
    }
  });

  it('gives every table of the schema exactly one owning module', () => {
    const owners = new Map<string, string[]>();
    for (const name of modules) {
      for (const table of moduleMap[name].tables as string[]) {
        owners.set(table, [...(owners.get(table) ?? []), name]);
      }
    }
    const { names } = schemaTables();
    expect([...owners.keys()].sort()).toEqual([...names].sort());
    for (const [table, owning] of owners) expect(owning, table).toHaveLength(1);
  });

  it('finds the writes it looks for (Drizzle calls and raw SQL alike)', () => {
    const writes = writesByFile();
    expect(writes).toContainEqual({ file: 'modules/cart/cart-repository.ts', table: 'cart_items' });
    expect(writes).toContainEqual({ file: 'modules/users/users-repository.ts', table: 'users' });
    expect(writes).toContainEqual({
      file: 'modules/delivery/delivery-repository.ts',
      table: 'delivery_jobs',
    });
  });

  it('has each table written only by the module that owns it', () => {
    const crossing = writesByFile().filter(({ file, table }) => moduleOf(file) !== ownerOf(table));
    const byFile = (a: { file: string; table: string }, b: { file: string; table: string }) =>
      `${a.file} ${a.table}`.localeCompare(`${b.file} ${b.table}`);
    expect(crossing.sort(byFile)).toEqual([...pendingWrites].sort(byFile));
  });

  it('has no module depending on another that depends back on it', () => {
    const edges = moduleImports();
    const cycles: string[][] = [];
    const visit = (start: string, node: string, trail: string[]) => {
      for (const next of edges.get(node) ?? []) {
        if (next === start) cycles.push([...trail, next]);
        else if (!trail.includes(next) && next > start) visit(start, next, [...trail, next]);
      }
    };
    for (const name of modules) visit(name, name, [name]);
    const members = cycles.map((cycle) => [...new Set(cycle)].sort().join(' ↔ '));
    expect([...new Set(members)].sort()).toEqual(pendingCycles.map((pair) => pair.join(' ↔ ')));
  });

  it('is the table docs/architecture.md shows', () => {
    const doc = readFileSync(path.join(repoRoot, 'docs/architecture.md'), 'utf8');
    expect(doc, `docs/architecture.md must contain:\n${moduleTable()}`).toContain(moduleTable());
  });
});
