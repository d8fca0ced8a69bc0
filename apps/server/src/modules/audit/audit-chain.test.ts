import { Writable } from 'node:stream';
import { desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVELOPMENT_AUDIT_KEY } from '../../config';
import { auditLog } from '../../db/schema/index';
import { loggerOptions } from '../../logging';
import { createAccount } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { AUDIT_GENESIS, hashRow, macRow } from './audit-log';

/** A key that is not the shop's: what someone who can write the database but lacks AUDIT_KEY has. */
const WRONG_KEY = 'someone-elses-key-of-at-least-32-characters';
let shop: TestApp;
let admin: Awaited<ReturnType<typeof createAccount>>;
const logLines: string[] = [];

const chain = async (full = false) => {
  const url = `/api/admin/audit${full ? '?full=1' : ''}`;
  const reply = await shop.app.inject({ url, headers: admin.headers });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().chain;
};
const head = async () =>
  (await shop.app.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;
const asDatabaseOwner = (statement: ReturnType<typeof sql>) =>
  shop.app.db.transaction(async (tx) => {
    // Someone with the database's keys goes around the append-only trigger.
    await tx.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    await tx.execute(statement);
    await tx.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
  });
const addPromo = (code: string) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/admin/promocodes',
    headers: admin.headers,
    payload: { code, discount: 10, usageLimit: 5 },
  });

/** A row as the journal would write it, after the current head, hashed as `sign` says. */
async function appendForged(sign: 'wrong-key' | 'unkeyed') {
  const previous = await head();
  const row = {
    scheme: sign === 'unkeyed' ? 1 : 2,
    actorId: admin.id,
    actorName: 'Admin',
    action: 'user.balance',
    targetType: 'user',
    targetId: String(admin.id),
    targetName: null,
    before: '{"balance":0}',
    after: '{"balance":100000}',
    reason: null,
    ip: '127.0.0.1',
    createdAt: new Date(),
    prevHash: previous.hash,
  };
  const hash = sign === 'unkeyed' ? hashRow(row) : macRow(row, WRONG_KEY);
  const [forged] = await shop.app.db
    .insert(auditLog)
    .values({ ...row, hash })
    .returning();
  return forged!;
}

beforeAll(async () => {
  const capture = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  shop = await createTestApp(
    { LOG_LEVEL: 'info' },
    { logger: loggerOptions({ logLevel: 'info', nodeEnv: 'test' }, capture) },
  );
  // Two rows of a shop that ran before the keyed chain: plain sha256, scheme 1.
  let prevHash = AUDIT_GENESIS;
  for (const action of ['server.create', 'product.create']) {
    const row = {
      scheme: 1,
      actorId: null,
      actorName: 'Admin',
      action,
      targetType: action.split('.')[0]!,
      targetId: '1',
      targetName: null,
      before: null,
      after: '{"name":"Старое"}',
      reason: null,
      ip: null,
      createdAt: new Date(Date.now() - 86_400_000),
      prevHash,
    };
    prevHash = hashRow(row);
    await shop.app.db.insert(auditLog).values({ ...row, hash: prevHash });
  }
  admin = await createAccount(shop.app, shop.config, 'owner');
  expect((await addPromo('KEYED-1')).statusCode).toBe(201);
  expect((await addPromo('KEYED-2')).statusCode).toBe(201);
});
afterAll(() => shop?.close());

describe('keyed journal chain', () => {
  it('verifies the unkeyed rows written before it and the keyed rows after them', async () => {
    expect(await chain(true)).toMatchObject({ verified: true, checked: 4, full: true });
    const rows = await shop.app.db.select().from(auditLog).orderBy(auditLog.id);
    expect(rows.map((row) => row.scheme)).toEqual([1, 1, 2, 2]);
    expect(rows[2]!.prevHash).toBe(rows[1]!.hash);
  });

  it('writes each new head, id and hash, to the log, and never the key', async () => {
    const heads = logLines
      .map((line) => JSON.parse(line) as { auditHead?: { id: number; hash: string } })
      .flatMap((line) => (line.auditHead ? [line.auditHead] : []));
    const newest = await head();
    expect(heads).toHaveLength(2);
    expect(heads.at(-1)).toMatchObject({ id: newest.id, hash: newest.hash });
    expect(logLines.join('\n')).not.toContain(DEVELOPMENT_AUDIT_KEY);
  });

  it('refuses a row forged without the key, though it links to the head', async () => {
    const forged = await appendForged('wrong-key');
    expect(await chain()).toMatchObject({ verified: false, brokenAt: forged.id });
    await asDatabaseOwner(sql`delete from audit_log where id = ${forged.id}`);
    expect((await chain()).verified).toBe(true);
  });

  it('refuses an unkeyed row after the keyed ones: the scheme column cannot downgrade a row', async () => {
    const forged = await appendForged('unkeyed');
    expect(await chain()).toMatchObject({ verified: false, brokenAt: forged.id });
    await asDatabaseOwner(sql`delete from audit_log where id = ${forged.id}`);
    expect((await chain()).verified).toBe(true);
  });

  it('catches unkeyed rows rewritten and re-hashed at the first keyed row, which links to them', async () => {
    const [first, second, keyed] = await shop.app.db.select().from(auditLog).orderBy(auditLog.id);
    const edited = { ...first!, after: '{"name":"Подмена"}' };
    const firstHash = hashRow(edited);
    const secondHash = hashRow({ ...second!, prevHash: firstHash });
    await asDatabaseOwner(sql`update audit_log set after = ${edited.after}, hash = ${firstHash}
      where id = ${first!.id}`);
    await asDatabaseOwner(sql`update audit_log set prev_hash = ${firstHash}, hash = ${secondHash}
      where id = ${second!.id}`);
    expect(await chain(true)).toMatchObject({ verified: false, brokenAt: keyed!.id });
    await asDatabaseOwner(sql`update audit_log set after = ${first!.after}, hash = ${first!.hash}
      where id = ${first!.id}`);
    await asDatabaseOwner(sql`update audit_log set prev_hash = ${second!.prevHash},
      hash = ${second!.hash} where id = ${second!.id}`);
    expect(await chain(true)).toMatchObject({ verified: true, checked: 4 });
  });

  it('does not trust a checkpoint moved past a forged row: it walks the whole chain instead', async () => {
    const forged = await appendForged('wrong-key');
    await shop.app.db.execute(sql`update audit_checkpoint
      set entry_id = ${forged.id}, hash = ${forged.hash}, entries = 5, mac = ${'0'.repeat(64)}`);
    expect(await chain()).toMatchObject({ verified: false, full: true, brokenAt: forged.id });
    await asDatabaseOwner(sql`delete from audit_log where id = ${forged.id}`);
    expect(await chain()).toMatchObject({ verified: true, full: true, checked: 4 });
    expect(await chain()).toMatchObject({ verified: true, full: false, walked: 0, checked: 4 });
  });
});
