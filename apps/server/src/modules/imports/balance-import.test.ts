import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../test-support/sql';
import { createAccount } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { checkLedger } from '../ledger/ledger';
import { createUsersRepository } from '../users/users-repository';

let shop: TestApp;
let admin: Awaited<ReturnType<typeof createAccount>>;
let known: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  shop = await createTestApp();
  admin = await createAccount(shop.app, shop.config, 'admin');
  known = await createAccount(shop.app, shop.config, 'player', KNOWN);
});
afterAll(async () => shop.close());

const KNOWN = '76561198000000500';
const NEWCOMER = '76561198000000501';
const OTHER = '76561198000000502';

const send = (csv: string, query = '', headers = admin.headers) =>
  shop.app.inject({
    method: 'POST',
    url: `/api/admin/import/balances${query}`,
    headers: { ...headers, 'content-type': 'text/csv; charset=utf-8' },
    payload: csv,
  });

/** Everything an import could change. */
async function moneyState() {
  const [row] = await queryRows<{ users: number; entries: number; keys: number; journal: number }>(
    shop.app.db,
    sql`select (select count(*) from users)::int as users,
      (select count(*) from transactions)::int as entries,
      (select count(*) from balance_imports)::int as keys,
      (select count(*) from audit_log)::int as journal`,
  );
  return { ...row, ledger: await checkLedger(shop.app.db) };
}

const balanceOf = async (steamId: string) =>
  (await createUsersRepository(shop.app.db).findBySteamId(steamId))?.balanceKopecks;

describe('balances brought from another shop', () => {
  const file = [
    'steamId,amount,note',
    `${KNOWN},150.50,с прошлого магазина`,
    `${NEWCOMER},"1 200,05"`,
    `${OTHER},0.99,`,
  ];

  it('previews with ?dryRun=1: rows, players found and created, the total, and changes nothing', async () => {
    const before = await moneyState();
    const reply = await send(file.join('\n'), '?dryRun=1');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      dryRun: true,
      rows: 3,
      credited: 3,
      alreadyImported: 0,
      playersFound: 1,
      playersCreated: 2,
      total: 1351.54,
      errors: [],
    });
    expect(await moneyState()).toEqual(before);
  });

  it('credits every row once as «Перенос баланса», creating accounts the first sign-in finds', async () => {
    const reply = await send(file.join('\r\n'));
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      dryRun: false,
      credited: 3,
      playersCreated: 2,
      total: 1351.54,
    });
    expect(await balanceOf(KNOWN)).toBe(15050);
    expect(await balanceOf(NEWCOMER)).toBe(120005);
    const entries = await queryRows<{ kind: string; description: string; amount: string }>(
      shop.app.db,
      sql`select t.kind, t.description, t.amount_kopecks::text as amount from transactions t
        join users u on u.id = t.user_id where u.steam_id = ${KNOWN}`,
    );
    expect(entries).toEqual([
      { kind: 'transfer', description: 'Перенос баланса: с прошлого магазина', amount: '15050' },
    ]);
    const journal = await shop.app.inject({ url: '/api/admin/audit', headers: admin.headers });
    expect(journal.json().entries[0]).toMatchObject({
      action: 'balances.import',
      actorId: admin.id,
      after: { credited: 3, total: 1351.54, playersCreated: 2 },
    });
    // The newcomer signs in for the first time: the same account, the balance waiting.
    const accounts = createUsersRepository(shop.app.db);
    const created = await accounts.findBySteamId(NEWCOMER);
    expect(created?.username).toBe('Игрок 0501');
    const signedIn = await accounts.upsertFromSteam({
      steamId: NEWCOMER,
      username: 'Newcomer',
      avatar: null,
      isAdmin: undefined,
    });
    expect(signedIn).toMatchObject({
      id: created?.id,
      username: 'Newcomer',
      balanceKopecks: 120005,
    });
    expect((await checkLedger(shop.app.db)).mismatched).toBe(0);
  });

  it('credits nothing the second time the same file comes, even twice at once or saved again', async () => {
    const before = await moneyState();
    const again = await send('\uFEFF' + file.join('\n') + '\n\n');
    expect(again.json()).toMatchObject({ credited: 0, alreadyImported: 3, total: 0 });
    const racing = await Promise.all([send(file.join('\n')), send(file.join('\n'))]);
    expect(racing.map((reply) => reply.json().credited)).toEqual([0, 0]);
    const after = await moneyState();
    expect({ ...after, journal: before.journal }).toEqual(before);

    // A new file racing itself: its rows are credited once between the two requests.
    const fresh = `${OTHER},10\n${KNOWN},5`;
    const both = await Promise.all([send(fresh), send(fresh)]);
    expect(both.reduce((sum, reply) => sum + reply.json().credited, 0)).toBe(2);
    expect(await balanceOf(OTHER)).toBe(99 + 1000);
    expect((await checkLedger(shop.app.db)).mismatched).toBe(0);
  });

  it('knows a balance by its content: the same rows reordered, headerless or with `;` credit nothing', async () => {
    const before = await moneyState();
    const copies = [
      [`${OTHER},0.99,`, `${NEWCOMER},"1 200,05"`, `${KNOWN},150.50,с прошлого магазина`],
      [`${KNOWN};150,50;с  прошлого магазина`, `${NEWCOMER};1 200,05`, `${OTHER};0,99`],
    ];
    for (const copy of copies) {
      const reply = await send(copy.join('\n'));
      expect(reply.json()).toMatchObject({ credited: 0, alreadyImported: 3, total: 0 });
    }
    expect({ ...(await moneyState()), journal: before.journal }).toEqual(before);

    // A deliberate second transfer of the same amount: with a note of its own it is credited.
    const known = await balanceOf(KNOWN);
    const second = await send(`${KNOWN},150.50,с прошлого магазина (часть 2)`);
    expect(second.json()).toMatchObject({ credited: 1, alreadyImported: 0, total: 150.5 });
    expect(await balanceOf(KNOWN)).toBe(known! + 15050);
    expect((await checkLedger(shop.app.db)).mismatched).toBe(0);
  });

  it('answers a malformed file with its errors by line and changes nothing', async () => {
    const before = await moneyState();
    const bad = [
      'steamId,amount,note',
      `${KNOWN},10`,
      '7656119800000050,10',
      `${NEWCOMER},-5`,
      `${OTHER},12.345`,
      `${OTHER},0`,
      `${KNOWN},1`,
      `${NEWCOMER},1,note,extra`,
      `76561198000000600,${'9'.repeat(9)}`,
      `76561198000000601,1,${'x'.repeat(201)}`,
      '76561198000000602,1,a\tb',
    ].join('\n');
    const preview = await send(bad, '?dryRun=1');
    expect(preview.statusCode).toBe(200);
    const refused = await send(bad);
    expect(refused.statusCode).toBe(400);
    const expected = [
      { line: 3, message: 'Steam ID: 17 цифр, начинается с 7656119' },
      { line: 4, message: 'Сумма должна быть больше нуля' },
      { line: 5, message: 'Сумма: рубли, до двух знаков после запятой, например 150,50' },
      { line: 6, message: 'Сумма должна быть больше нуля' },
      { line: 7, message: 'Этот Steam ID уже есть в строке 2' },
      { line: 8, message: 'Ожидается steamId,amount и, по желанию, примечание' },
      { line: 9, message: 'Сумма не больше 10 000 000 ₽' },
      { line: 10, message: 'Примечание: не длиннее 200 символов, в одну строку' },
      { line: 11, message: 'Примечание: не длиннее 200 символов, в одну строку' },
    ];
    expect(preview.json().errors).toEqual(expected);
    expect(refused.json()).toMatchObject({ error: 'bad_request', errors: expected });
    expect(refused.json().message).toMatch(/^Файл не импортирован: строка 3 — Steam ID/);

    const unreadable = await send(`${KNOWN},"10\n${NEWCOMER},5`);
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().errors).toEqual([
      { line: 2, message: 'Не удалось прочитать CSV: проверьте кавычки' },
    ]);
    expect((await send('')).json().errors).toEqual([
      { line: 1, message: 'В файле нет ни одной строки с балансом' },
    ]);
    expect((await send('a\u0000b')).statusCode).toBe(400);
    expect(await moneyState()).toEqual(before);
  });

  it("is the admins' only", async () => {
    expect((await send(file.join('\n'), '', known.headers)).statusCode).toBe(403);
  });
});
