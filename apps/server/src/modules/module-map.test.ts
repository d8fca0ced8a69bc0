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
 * Writes that still cross an owner's line, each with the change that ends it. The list must match
 * exactly: a fixed one is removed here.
 */
const pendingWrites: Array<{ file: string; table: string }> = [];

/** Module dependencies that still run both ways. */
const pendingCycles: string[][] = [];

type Write = { file: string; table: string; module: string | undefined; columns: string[] | null };

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

const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1];

function ownerOf(table: string): string | undefined {
  return modules.find((name) => (moduleMap[name].tables as string[]).includes(table));
}

/**
 * The columns a raw `update <table> set a = …, b = … where` sets; null (every column) for any other
 * write. A column assignment follows the start of the SET list or a comma.
 */
function setColumns(statement: string): string[] | null {
  const list = /^update\s+\w+\s+set\s+([\s\S]*?)(?:\bwhere\b|\breturning\b|$)/i.exec(statement);
  if (!list) return null;
  return [...list[1]!.matchAll(/(?:^|,)\s*(\w+)\s*=/g)].map((match) => match[1]!);
}

/** The tables (and, for raw updates, the columns) one piece of source or SQL writes. */
function writesIn(text: string, byExport: Map<string, string>, names: Set<string>) {
  const found: Array<{ table: string; columns: string[] | null }> = [];
  for (const match of text.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    const table = byExport.get(match[1]!);
    if (table) found.push({ table, columns: null });
  }
  for (const match of text.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+(\w+)/gi)) {
    if (!names.has(match[1]!)) continue;
    const statement = text.slice(match.index).split(';')[0]!;
    found.push({ table: match[1]!, columns: setColumns(statement) });
  }
  return found;
}

/**
 * The module a SQL function of the migrations belongs to, by its name's prefix: a module's name, or
 * the name of a table that module owns (`sessions_live_user` is auth's).
 */
function moduleOfFunction(name: string): string | undefined {
  const prefix = (candidate: string) => name.startsWith(`${candidate}_`);
  return (
    modules.find(prefix) ??
    modules.find((module) => (moduleMap[module].tables as string[]).some(prefix))
  );
}

/**
 * Every SQL function the migrations leave defined (a later CREATE OR REPLACE wins), with its body.
 * Their writes count as their module's, so a function is held to the same owners as the source.
 */
function sqlFunctions() {
  const dir = path.join(serverSrc, 'db/migrations');
  const bodies = new Map<string, string>();
  for (const file of readdirSync(dir)
    .filter((entry) => entry.endsWith('.sql'))
    .sort()) {
    const text = withoutComments(readFileSync(path.join(dir, file), 'utf8'));
    const definitions =
      /create\s+(?:or\s+replace\s+)?function\s+"?(\w+)"?[\s\S]*?\$\$([\s\S]*?)\$\$/gi;
    for (const match of text.matchAll(definitions)) bodies.set(match[1]!, match[2]!);
  }
  return bodies;
}

/** Every table each source file and each migration-defined SQL function writes. */
function writesByFile(): Write[] {
  const { byExport, names } = schemaTables();
  const writes: Write[] = [];
  const add = (file: string, module: string | undefined, text: string) => {
    const byTable = new Map<string, string[] | null>();
    for (const { table, columns } of writesIn(text, byExport, names)) {
      const known = byTable.has(table) ? byTable.get(table)! : [];
      byTable.set(
        table,
        known === null || columns === null ? null : [...new Set([...known, ...columns])],
      );
    }
    for (const [table, columns] of byTable) writes.push({ file, table, module, columns });
  };
  for (const full of sourceFiles(serverSrc)) {
    const file = path.relative(serverSrc, full).split(path.sep).join('/');
    add(file, moduleOf(file), withoutComments(readFileSync(full, 'utf8')));
  }
  for (const [name, body] of sqlFunctions()) {
    add(`db/migrations: ${name}()`, moduleOfFunction(name), body);
  }
  return writes;
}

/** Columns of another module's table a module may set (`table.column` in the map's `columns`). */
const grantedColumns = (module: string | undefined, table: string): string[] => {
  const entry = module ? (moduleMap as Record<string, { columns?: string[] }>)[module] : undefined;
  return (entry?.columns ?? [])
    .filter((column) => column.startsWith(`${table}.`))
    .map((column) => column.slice(table.length + 1));
};

/** A write from outside the owner, except an update of only the columns the map grants. */
const isCrossing = ({ table, module, columns }: Write) => {
  if (module === ownerOf(table)) return false;
  const granted = grantedColumns(module, table);
  return !(columns && columns.length > 0 && columns.every((column) => granted.includes(column)));
};

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
    const writes = writesByFile().map(({ file, table, module }) => ({ file, table, module }));
    expect(writes).toContainEqual({
      file: 'modules/cart/cart-repository.ts',
      table: 'cart_items',
      module: 'cart',
    });
    expect(writes).toContainEqual({
      file: 'modules/users/users-repository.ts',
      table: 'users',
      module: 'users',
    });
    expect(writes).toContainEqual({
      file: 'modules/delivery/delivery-repository.ts',
      table: 'delivery_jobs',
      module: 'delivery',
    });
    // The SQL functions of the migrations, each its prefix's module's.
    expect(writes).toContainEqual({
      file: 'db/migrations: orders_buy_one()',
      table: 'orders',
      module: 'orders',
    });
    expect(writes).toContainEqual({
      file: 'db/migrations: users_record_purchase()',
      table: 'users',
      module: 'users',
    });
    expect(writesByFile()).toContainEqual({
      file: 'db/migrations: ledger_post()',
      table: 'users',
      module: 'ledger',
      columns: ['balance_kopecks'],
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
    expect(setColumns(balanceUpdate)).toEqual(['balance_kopecks']);
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
