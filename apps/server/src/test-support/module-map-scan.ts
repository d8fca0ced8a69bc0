import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import moduleMap from '../modules/module-map.json';

/**
 * How module-map.test.ts reads the server source: which tables (and, for raw updates, which
 * columns) each file and each migration-defined SQL function writes, which module that is, and
 * which modules each module imports.
 */
export const serverSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type ModuleName = keyof typeof moduleMap;
export const modules = Object.keys(moduleMap) as ModuleName[];

export type Write = {
  file: string;
  table: string;
  module: string | undefined;
  columns: string[] | null;
};

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      return entry === 'migrations' || entry === 'test-support' ? [] : sourceFiles(full);
    }
    return /\.(ts|sql)$/.test(entry) && !entry.endsWith('.test.ts') ? [full] : [];
  });
}

/** Drizzle table objects by export name, and every SQL table name, from db/schema. */
export function schemaTables() {
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

export const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1];

export function ownerOf(table: string): string | undefined {
  return modules.find((name) => (moduleMap[name].tables as string[]).includes(table));
}

/**
 * The columns a raw `update <table> set a = …, b = … where` sets; null (every column) for any other
 * write. A column assignment follows the start of the SET list or a comma.
 */
export function setColumns(statement: string): string[] | null {
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
export function sqlFunctions() {
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
export function writesByFile(): Write[] {
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
export const isCrossing = ({ table, module, columns }: Write) => {
  if (module === ownerOf(table)) return false;
  const granted = grantedColumns(module, table);
  return !(columns && columns.length > 0 && columns.every((column) => granted.includes(column)));
};

/** Which modules each module's shipped code imports. */
export function moduleImports() {
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
