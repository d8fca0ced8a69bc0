import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addServer } from './test-support/shop-fixtures';
import { createAccount } from './test-support/sign-in';
import { createTestApp, type TestApp } from './test-support/test-app';

/** Values that broke shops before: NUL, broken Unicode, huge text, absurd numbers and nesting. */
const NASTY: unknown[] = [
  '\u0000',
  'AB\u0000CD',
  'ok\ud800',
  '\udfff',
  'x'.repeat(1_000_000),
  '1e400',
  2 ** 53 + 1,
  -(2 ** 63),
  1e308,
  -0.000001,
  true,
  null,
  [],
  {},
  { $gt: '' },
  JSON.parse('['.repeat(2_000) + ']'.repeat(2_000)),
];
const NASTY_PATH = ['%00', 'AB%00CD', '%ED%A0%80', '9'.repeat(40), '-1', '1e400', 'x'.repeat(300)];
// Signing the test's own admin out would only make every later request a 401.
const SKIPPED = new Set(['POST /api/auth/logout', 'POST /api/auth/refresh']);

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  query: string[];
  body: string[];
}

let shop: TestApp;
let operations: Operation[];
let headers: Record<string, string>;

beforeAll(async () => {
  shop = await createTestApp();
  // An owner reaches every route, plugin keys included, so the properties cover them all.
  const admin = await createAccount(shop.app, shop.config, 'owner');
  const serverId = await addServer(shop, admin.headers);
  const key = (
    await shop.app.inject({
      method: 'POST',
      url: `/api/admin/servers/${serverId}/plugin-key`,
      headers: admin.headers,
    })
  ).json().pluginKey as string;
  headers = { ...admin.headers, 'x-server-key': key, 'idempotency-key': 'property-key-0001' };

  const doc = (await shop.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, OpenApiOperation>>;
  }>();
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) =>
      describeOperation(path, method, operation),
    ),
  );
  operations = operations.filter((op) => !SKIPPED.has(`${op.method} ${op.path}`));
});
afterAll(async () => shop?.close());

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

function describeOperation(path: string, method: string, operation: OpenApiOperation): Operation {
  const parameters = operation.parameters ?? [];
  const schema = Object.values(operation.requestBody?.content ?? {})[0]?.schema;
  return {
    method: method.toUpperCase(),
    path,
    pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
    query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
    body: Object.keys(schema?.properties ?? {}),
  };
}

/** A lone surrogate cannot be percent-encoded; its raw UTF-8 bytes stand in for it. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

function urlFor(op: Operation, pathValue: string, queryValue?: string) {
  let url = op.path;
  for (const name of op.pathParams) url = url.replace(`{${name}}`, pathValue);
  if (queryValue !== undefined && op.query.length > 0) {
    url += `?${op.query.map((name) => `${name}=${queryValue}`).join('&')}`;
  }
  return url;
}

async function send(op: Operation, url: string, payload?: unknown) {
  const reply = await shop.app.inject({
    method: op.method as 'GET',
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    ...(payload === undefined || op.method === 'GET' ? {} : { payload: JSON.stringify(payload) }),
  });
  expect(
    reply.statusCode,
    `${op.method} ${url.slice(0, 120)} → ${reply.body.slice(0, 200)}`,
  ).toBeLessThan(500);
}

describe('every route in the OpenAPI document', () => {
  it('covers the whole API', () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  it('answers NUL, broken Unicode, 1 MB strings, deep nesting and huge numbers without a 5xx', async () => {
    for (const op of operations) {
      for (const value of NASTY) {
        const body = Object.fromEntries(op.body.map((name) => [name, value]));
        const text = typeof value === 'string' ? encode(value.slice(0, 2_000)) : '1';
        await send(op, urlFor(op, NASTY_PATH[0]!, text), op.body.length ? body : value);
      }
      for (const pathValue of NASTY_PATH) await send(op, urlFor(op, pathValue, '%00'));
    }
  });

  it('answers random mixes of good and bad fields without a 5xx', async () => {
    const value = fc.oneof(
      fc.constantFrom(...NASTY.filter((v) => typeof v !== 'string' || v.length < 1_000)),
      fc.string({ maxLength: 30 }),
      fc.integer(),
      fc.double(),
      fc.json(),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...operations),
        fc.dictionary(fc.string({ maxLength: 10 }), value, { maxKeys: 3 }),
        fc.array(value, { minLength: 6, maxLength: 6 }),
        fc.constantFrom(...NASTY_PATH, '1', '2'),
        async (op, extra, values, pathValue) => {
          const body = {
            ...extra,
            ...Object.fromEntries(op.body.map((name, i) => [name, values[i % 6]])),
          };
          await send(op, urlFor(op, pathValue, encode(String(values[0]))), body);
        },
      ),
      { numRuns: 300 },
    );
  });
});
