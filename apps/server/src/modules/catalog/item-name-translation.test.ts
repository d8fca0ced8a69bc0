import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerFakeTranslate } from '../../integrations/translate/fake-translate';
import { createAccount } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let translator: FastifyInstance;
let shop: TestApp;
let headers: { authorization: string };

beforeAll(async () => {
  // A LibreTranslate stand-in on loopback that knows one name.
  translator = Fastify();
  registerFakeTranslate(translator, '', { 'Hazmat Suit': 'Костюм химзащиты' });
  await translator.listen({ port: 0, host: '127.0.0.1' });
  const port = (translator.server.address() as { port: number }).port;
  shop = await createTestApp({ TRANSLATE_URL: `http://127.0.0.1:${port}` });
  headers = (await createAccount(shop.app, shop.config, 'admin')).headers;
  await shop.app.inject({
    method: 'POST',
    url: '/api/admin/items/import',
    headers,
    payload: {
      format: 'json',
      content: JSON.stringify([
        { id: 1266491000, shortname: 'hazmatsuit', nameEn: 'Hazmat Suit', category: 'clothing' },
        { id: 424242, shortname: 'odd.thing', nameEn: 'Odd Thing' },
      ]),
    },
  });
});
afterAll(async () => {
  await shop?.close();
  await translator?.close();
});

const suggested = async (id: number) =>
  (await shop.app.inject({ url: `/api/admin/items/${id}/name`, headers })).json();

describe('product name for a picked item', () => {
  it('translates an English name the table has no Russian name for', async () => {
    expect(await suggested(1266491000)).toEqual({
      name: 'Костюм химзащиты',
      source: 'translation',
    });
  });

  it('keeps the English name when the translation service cannot translate it', async () => {
    expect(await suggested(424242)).toEqual({ name: 'Odd Thing', source: 'original' });
  });
});
