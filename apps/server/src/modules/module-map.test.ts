import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  isCrossing,
  moduleImports,
  modules,
  schemaTables,
  serverSrc,
  setColumns,
  sqlFunctions,
  writesByFile,
  type Write,
} from '../test-support/module-map-scan';
import moduleMap from './module-map.json';

/**
 * The module map (module-map.json) is the one statement of who owns what: ESLint's import zones read
 * each module's public files from it, and these checks hold the source to its table ownership and
 * docs/architecture.md to both.
 */
const repoRoot = path.resolve(serverSrc, '../../..');

/**
 * Writes that still cross an owner's line, each with the change that ends it. The list must match
 * exactly: a fixed one is removed here.
 */
const pendingWrites: Array<{ file: string; table: string }> = [];

/** Module dependencies that still run both ways. */
const pendingCycles: string[][] = [];

/** The module map as the Markdown table docs/architecture.md carries. */
function moduleTable(): string {
  const code = (items: readonly string[]) => items.map((item) => `\`${item}\``).join(', ') || '—';
  return [
    '| Module | What it does | Tables it writes | Public files |',
    '| --- | --- | --- | --- |',
    ...modules.map((name) => {
      const entry = moduleMap[name];
      const columns: readonly string[] = 'columns' in entry ? entry.columns : [];
      const writes = [...entry.tables, ...columns];
      return `| \`${name}\` | ${entry.does} | ${code(writes)} | ${code(entry.public)} |`;
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
    const found = writes.map(({ file, table, module }) => ({ file, table, module }));
    for (const [file, table, module] of [
      ['modules/cart/cart-repository.ts', 'cart_items', 'cart'],
      ['modules/users/users-repository.ts', 'users', 'users'],
      ['modules/delivery/delivery-repository.ts', 'delivery_jobs', 'delivery'],
      // The SQL functions of the migrations, each its prefix's module's.
      ['db/migrations: orders_buy_one()', 'orders', 'orders'],
      ['db/migrations: users_record_purchase()', 'users', 'users'],
    ]) {
      expect(found).toContainEqual({ file, table, module });
    }
    expect(writes).toContainEqual({
      file: 'db/migrations: ledger_post()',
      table: 'users',
      module: 'ledger',
      columns: ['balance_kopecks', 'paid_kopecks'],
    });
  });

  it('has each table written only by the module that owns it', () => {
    const crossing = writesByFile()
      .filter(isCrossing)
      .map(({ file, table }) => ({ file, table }));
    const byFile = (a: { file: string; table: string }, b: { file: string; table: string }) =>
      `${a.file} ${a.table}`.localeCompare(`${b.file} ${b.table}`);
    expect(crossing.sort(byFile)).toEqual([...pendingWrites].sort(byFile));
  });

  it('counts a write from outside the owner as crossing, unless it sets only granted columns', () => {
    const ledgerPost = sqlFunctions().get('ledger_post')!;
    const balanceUpdate = ledgerPost.slice(ledgerPost.search(/update users/i)).split(';')[0]!;
    expect(setColumns(balanceUpdate)).toEqual(['balance_kopecks', 'paid_kopecks']);
    expect(
      setColumns('update users set is_admin = true, balance_kopecks = 0 where id = 1'),
    ).toEqual(['is_admin', 'balance_kopecks']);
    const write = (module: string, columns: string[] | null): Write => ({
      file: 'x.ts',
      table: 'users',
      module,
      columns,
    });
    expect(isCrossing(write('users', null))).toBe(false);
    expect(isCrossing(write('ledger', ['balance_kopecks']))).toBe(false);
    expect(isCrossing(write('ledger', ['balance_kopecks', 'is_admin']))).toBe(true);
    expect(isCrossing(write('ledger', null))).toBe(true);
    expect(isCrossing(write('orders', ['balance_kopecks']))).toBe(true);
    expect(isCrossing({ ...write('delivery', ['status']), table: 'orders' })).toBe(true);
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
