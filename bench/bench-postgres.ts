/**
 * The benchmarks' PostgreSQL: fresh databases on the server named by an admin URL (loopback only),
 * and pgbench on the same server.
 */
import { execFileSync } from 'node:child_process';
import pg from 'pg';

const loopback = /@(127\.0\.0\.1|localhost)[:/]/;

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One query as the admin user, on its own connection. */
export async function adminQuery<T extends pg.QueryResultRow>(
  adminUrl: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  if (!loopback.test(adminUrl)) throw new Error('benchmarks target loopback only');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return (await admin.query<T>(text, values)).rows;
  } finally {
    await admin.end();
  }
}

/** An empty database `name` (dropped first if a previous run left it); returns its URL. */
export async function freshPostgres(adminUrl: string, name: string): Promise<string> {
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  return databaseUrl(adminUrl, name);
}

const pgbenchBin = () =>
  execFileSync('sh', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1'])
    .toString()
    .trim();

/** Fills database `url` with pgbench's tables at `scale`. */
export function pgbenchInit(url: string, scale: number): void {
  execFileSync(`${pgbenchBin()}/pgbench`, ['-i', '-q', '-s', String(scale), url], {
    stdio: 'ignore',
  });
}

/**
 * pgbench's transactions per second for `args` (its built-in TPC-B-like load, or a script), from
 * `clients` clients over two threads for `seconds`.
 */
export function pgbenchTps(
  url: string,
  { clients, seconds, args = [] }: { clients: number; seconds: number; args?: string[] },
): number {
  const out = execFileSync(`${pgbenchBin()}/pgbench`, [
    ...args,
    '-c',
    String(clients),
    '-j',
    '2',
    '-T',
    String(seconds),
    url,
  ]).toString();
  const match = /tps = ([\d.]+)/.exec(out);
  if (!match?.[1]) throw new Error(`no tps in pgbench output:\n${out}`);
  return Number(match[1]);
}
