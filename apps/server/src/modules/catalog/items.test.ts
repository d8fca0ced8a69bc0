import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHORTNAME_RULE } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPluginSigner } from '../../test-support/plugin-signer';
import { createAccount } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';

/** The item table the shop ships: what a fresh install starts with. */
const shippedTable = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../data/rust-items.json',
);

let shop: TestApp;
let headers: { authorization: string };
let pluginKey: string;

beforeAll(async () => {
  shop = await createTestApp();
  headers = (await createAccount(shop.app, shop.config, 'admin')).headers;
  const server = await shop.app.inject({
    method: 'POST',
    url: '/api/admin/servers',
    headers,
    payload: { name: 'Sync', ip: '127.0.0.1', port: 1, rconPort: 1 },
  });
  pluginKey = server.json().pluginKey;
});
afterAll(() => shop.close());

const importFile = (format: string, content: string) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/admin/items/import',
    headers,
    payload: { format, content },
  });
const total = async () =>
  (await shop.app.inject({ url: '/api/admin/items?limit=1', headers })).json().total as number;
const search = async (text: string) =>
  (
    await shop.app.inject({ url: `/api/admin/items?search=${encodeURIComponent(text)}`, headers })
  ).json().items as Array<{ id: number; shortname: string; nameRu: string | null; nameEn: string }>;

const fixture = [
  {
    id: 1545779598,
    shortname: 'rifle.ak',
    nameEn: 'Assault Rifle',
    nameRu: 'Штурмовая винтовка',
    category: 'weapons',
  },
  { id: -151838493, shortname: 'wood', nameEn: 'Wood', nameRu: 'Дерево', category: 'resources' },
];

describe('game item table', () => {
  it('imports a JSON file and finds items by either name, shortname or id', async () => {
    const reply = await importFile('json', JSON.stringify(fixture));
    expect(reply.json()).toEqual({ imported: 2, total: 2 });
    expect((await search('винтовка'))[0]?.shortname).toBe('rifle.ak');
    expect((await search('WOOD'))[0]?.shortname).toBe('wood');
    expect((await search('-151838493'))[0]?.shortname).toBe('wood');
    expect(await search('%')).toEqual([]);
  });

  it('imports CSV with quoted names, keeping a known Russian name when the file has none', async () => {
    const csv =
      'id,shortname,nameEn,nameRu,category\n' +
      '1545779598,rifle.ak,"Assault Rifle, AK",,weapons\n' +
      '-2099697608,stones,Stones,Камень,resources\n';
    expect((await importFile('csv', csv)).json()).toEqual({ imported: 2, total: 3 });
    const ak = (await search('rifle.ak')).find((item) => item.shortname === 'rifle.ak');
    expect(ak).toMatchObject({ nameEn: 'Assault Rifle, AK', nameRu: 'Штурмовая винтовка' });
  });

  it.each([
    ['json', '{not json', 'Файл не является корректным JSON'],
    ['json', '{"id": 1}', 'JSON должен быть массивом предметов'],
    ['json', '[]', 'В файле нет ни одного предмета'],
    [
      'json',
      JSON.stringify([...fixture, { id: 5, nameEn: 'No shortname' }]),
      'Предмет №3: shortname',
    ],
    ['json', JSON.stringify([fixture[0], fixture[0]]), 'повторяется'],
    ['json', JSON.stringify([{ ...fixture[0], category: 'guns' }]), 'Предмет №1: category'],
    [
      'json',
      JSON.stringify([...fixture, { ...fixture[0], id: 7, shortname: 'wood"; quit' }]),
      `Предмет №3: shortname — ${SHORTNAME_RULE}`,
    ],
    ['csv', 'id,shortname,nameEn\n7,wood;quit,X\n', `Строка 2: shortname — ${SHORTNAME_RULE}`],
    ['csv', 'id,shortname,nameEn\n7,"wood\nquit",X\n', `Строка 2: shortname — ${SHORTNAME_RULE}`],
    ['csv', 'id,shortname\n1,x\n', 'В CSV нет столбцов: nameEn'],
    ['csv', 'id,shortname,nameEn\nabc,x,X\n', 'Строка 2: id'],
    ['xml', '<items/>', 'Формат файла: JSON или CSV'],
  ])(
    'refuses a bad %s file with a clear message and changes nothing',
    async (format, content, message) => {
      const before = await total();
      const reply = await importFile(format, content);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toContain(message);
      expect(await total()).toBe(before);
    },
  );

  it('imports the full game item table (1131 items)', async () => {
    const reply = await importFile('json', readFileSync(shippedTable, 'utf8'));
    expect(reply.statusCode).toBe(200);
    expect(reply.json().imported).toBe(1131);
    expect(await total()).toBe(1131);
    expect((await search('Штурмовая винтовка')).map((item) => item.shortname)).toContain(
      'rifle.ak',
    );
  });

  it("leaves the shared table as it is when a server's plugin sends its own list", async () => {
    const before = await total();
    const findAk = async () =>
      (await search('rifle.ak')).find((item) => item.shortname === 'rifle.ak');
    const ak = await findAk();
    expect(ak?.nameRu).toBeTruthy();
    const plugin = createPluginSigner(shop.app, pluginKey);
    const reply = await plugin.send('/items', {
      items: [
        {
          itemid: 1545779598,
          shortname: 'rifle.ak',
          displayName: 'AK (renamed by a mod)',
          category: 'Weapon',
          stackable: 1,
        },
        {
          itemid: 424242,
          shortname: 'new.item.2026',
          displayName: 'Brand New Thing',
          category: 'Tool',
          stackable: 1,
        },
      ],
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toEqual({ imported: 2, total: 2 });
    // One server's list (mods included) is that server's: admins' names and items stay as they were.
    expect(await total()).toBe(before);
    expect(await search('new.item.2026')).toEqual([]);
    expect(await findAk()).toEqual(ak);
  });

  it('suggests a Russian product name: the table first, else the English name', async () => {
    const name = async (id: number) =>
      (await shop.app.inject({ url: `/api/admin/items/${id}/name`, headers })).json();
    const added = { id: 424242, shortname: 'new.item.2026', nameEn: 'Brand New Thing' };
    expect((await importFile('json', JSON.stringify([added]))).statusCode).toBe(200);
    expect(await name(-151838493)).toEqual({ name: 'Дерево', source: 'table' });
    expect(await name(424242)).toEqual({ name: 'Brand New Thing', source: 'original' });
    expect((await shop.app.inject({ url: '/api/admin/items/1/name', headers })).statusCode).toBe(
      404,
    );
  });
});
