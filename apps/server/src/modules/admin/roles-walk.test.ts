import { readFileSync } from 'node:fs';
import path from 'node:path';
import { OWNER_ONLY, PERMISSIONS, ROLE_PERMISSIONS, type Permission } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';

type Account = Awaited<ReturnType<typeof createAccount>>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Operation {
  method: Method;
  /** As the description names it: /api/admin/users/{id}. */
  path: string;
  permission: string | undefined;
  tags: string[];
}

const README = path.resolve(__dirname, '../../../../../README.md');
/** The narrowed admin of the walk: an owner's choice that leaves out money and the console. */
const NARROWED: Permission[] = ['chats', 'orders.view', 'orders.refund', 'products'];

/** The README's «Staff roles» table: permission → the roles that hold it. */
function readmeTable(): Map<string, Set<string>> {
  const text = readFileSync(README, 'utf8');
  const start = text.indexOf('| Permission | What it allows | Owner | Admin | Moderator |');
  expect(start, 'the README has the permission table').toBeGreaterThan(0);
  const rows = text.slice(start).split('\n').slice(2);
  const table = new Map<string, Set<string>>();
  for (const row of rows) {
    if (!row.startsWith('|')) break;
    const cells = row.split('|').map((cell) => cell.trim());
    const name = /^`([a-z.]+)`$/.exec(cells[1] ?? '')?.[1];
    expect(name, row).toBeDefined();
    const roles = ['owner', 'admin', 'moderator'].filter((_, i) => cells[3 + i] === '✓');
    table.set(name!, new Set(roles));
  }
  return table;
}

/** A path with its parameters filled by ids nothing has, so an allowed call changes nothing. */
function urlOf(operation: Operation): string {
  return operation.path
    .replace('{steamId}', '76561198000000002')
    .replace(/\{(slot|key)\}/g, 'nothing')
    .replace(/\{[A-Za-z]+\}/g, '999999');
}

let shop: TestApp;
let operations: Operation[];
const accounts = {} as Record<'owner' | 'admin' | 'narrowed' | 'moderator', Account>;

beforeAll(async () => {
  shop = await createTestApp();
  accounts.owner = await createAccount(shop.app, shop.config, 'owner');
  accounts.admin = await createAccount(shop.app, shop.config, 'admin');
  accounts.narrowed = await createAccount(shop.app, shop.config, 'admin', undefined, NARROWED);
  accounts.moderator = await createAccount(shop.app, shop.config, 'moderator');
  const document = (await shop.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, { 'x-permission'?: string; tags?: string[] }>>;
  }>();
  operations = Object.entries(document.paths).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase() as Method,
      path: route,
      permission: operation['x-permission'],
      tags: operation.tags ?? [],
    })),
  );
});
afterAll(() => shop.close());

/** Under /api/admin, or staff-only elsewhere (its tag says admin, or it names a permission). */
const isAdminOperation = (operation: Operation) =>
  operation.path.startsWith('/api/admin/') ||
  operation.permission !== undefined ||
  operation.tags.some((tag) => tag.startsWith('admin'));

describe('staff roles', () => {
  it('the README table is the roles the shop has', async () => {
    const table = readmeTable();
    expect([...table.keys()].sort()).toEqual([...PERMISSIONS, OWNER_ONLY].sort());
    for (const [permission, roles] of table) {
      expect(roles.has('owner'), permission).toBe(true);
      expect(roles.has('admin'), permission).toBe(
        (ROLE_PERMISSIONS.admin as readonly string[]).includes(permission),
      );
      expect(roles.has('moderator'), permission).toBe(
        (ROLE_PERMISSIONS.moderator as readonly string[]).includes(permission),
      );
    }
    const reply = await shop.app.inject({
      method: 'GET',
      url: '/api/admin/roles',
      headers: accounts.owner.headers,
    });
    expect(reply.statusCode).toBe(200);
    const { roles } = reply.json<{ roles: Record<string, string[]> }>();
    for (const role of ['owner', 'admin', 'moderator']) {
      const held = [...table].filter(([, holders]) => holders.has(role)).map(([name]) => name);
      expect([...roles[role]!].sort(), role).toEqual(held.sort());
    }
  });

  it('every admin operation of the API description names a permission the table knows', () => {
    const table = readmeTable();
    const admin = operations.filter(isAdminOperation);
    expect(admin.length).toBeGreaterThanOrEqual(70);
    const undeclared = admin.filter((operation) => operation.permission === undefined);
    expect(undeclared.map((operation) => `${operation.method} ${operation.path}`)).toEqual([]);
    const unknown = admin.filter((operation) => !table.has(operation.permission!));
    expect(unknown.map((operation) => `${operation.method} ${operation.path}`)).toEqual([]);
    // A route hidden from the description would escape the walk: every admin route is in it.
    const described = new Set(admin.map((op) => `${op.method} ${op.path}`));
    const hidden = shop.routes
      .filter((route) => route.url.startsWith('/api/admin/') && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url.replace(/:([A-Za-z]+)/g, '{$1}')}`)
      .filter((route) => !described.has(route));
    expect(hidden).toEqual([]);
  });

  it('answers each role as the table says, on every admin operation', async () => {
    const table = readmeTable();
    const holds = {
      owner: (permission: string) => table.get(permission)!.has('owner'),
      admin: (permission: string) => table.get(permission)!.has('admin'),
      narrowed: (permission: string) => (NARROWED as string[]).includes(permission),
      moderator: (permission: string) => table.get(permission)!.has('moderator'),
    };
    const wrong: string[] = [];
    for (const operation of operations.filter(isAdminOperation)) {
      if (!table.has(operation.permission ?? '')) {
        wrong.push(`${operation.method} ${operation.path}: no permission the table knows`);
        continue;
      }
      for (const [name, account] of Object.entries(accounts)) {
        const allowed = holds[name as keyof typeof holds](operation.permission!);
        const reply = await shop.app.inject({
          method: operation.method,
          url: urlOf(operation),
          headers: account.headers,
          ...(operation.method === 'GET' || operation.method === 'DELETE' ? {} : { payload: {} }),
        });
        const refused = reply.statusCode === 403;
        const line = `${operation.method} ${operation.path} as ${name}: ${reply.statusCode}`;
        if (reply.statusCode >= 500 || refused === allowed) wrong.push(line);
        if (
          refused &&
          !allowed &&
          !/Недостаточно прав|только владелец/.test(reply.json().message)
        ) {
          wrong.push(`${line} ${reply.json().message}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
