import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct } from '../../test-support/shop-fixtures';
import { createAccount } from '../../test-support/sign-in';
import { createTestApp, type TestApp } from '../../test-support/test-app';

type Headers = { authorization: string };

describe('site settings', () => {
  let shop: TestApp;
  let admin: Headers;
  let player: Headers;
  beforeAll(async () => {
    shop = await createTestApp();
    admin = (await createAccount(shop.app, shop.config, 'admin')).headers;
    player = (await createAccount(shop.app, shop.config)).headers;
    await addProduct(shop, admin, { name: 'АК-47', gameItemName: 'rifle.ak', category: 'weapons' });
  });
  afterAll(() => shop.close());

  const put = (payload: Record<string, unknown>, headers: Headers = admin) =>
    shop.app.inject({ method: 'PUT', url: '/api/admin/site', headers, payload });
  const site = async () => (await shop.app.inject({ url: '/api/site' })).json();

  it('a fresh shop shows the SPEC texts, filled with its own terms, and no links it was not given', async () => {
    const fresh = await site();
    expect(fresh.version).toBe(0);
    expect(fresh.name).toBe('Rust Shop');
    expect(fresh.texts.hero.bonusNote).toContain('+10% бонуса');
    expect(fresh.topUp).toEqual({
      bonusPercent: 10,
      min: 10,
      max: 15000,
      tiers: [],
      firstTopUpPercent: 0,
    });
    expect(fresh.categories).toHaveLength(11);
    expect(fresh.links).toEqual([]);
    expect(fresh.colors).toMatchObject({ primary: '#ce422b', primaryText: '#ffffff' });
  });

  it('a partial change keeps the rest, fills the texts that state it, and is a new version', async () => {
    const reply = await put({
      name: 'Тайга',
      topUp: { bonusPercent: 15 },
      links: [
        { kind: 'telegram', url: 'https://t.me/taiga_rust', label: 'Телеграм', main: true },
        { kind: 'vk', url: 'https://vk.com/taiga_rust', label: 'ВКонтакте' },
      ],
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const { version } = reply.json();
    const now = await site();
    expect(now.version).toBe(version);
    expect(now.name).toBe('Тайга');
    expect(now.topUp).toEqual({
      bonusPercent: 15,
      min: 10,
      max: 15000,
      tiers: [],
      firstTopUpPercent: 0,
    });
    expect(now.texts.hero.bonusNote).toContain('+15% бонуса');
    expect(now.texts.hero.title).toBe('Магазин серверов');
    expect(now.links.map((link: { kind: string }) => link.kind)).toEqual(['telegram', 'vk']);
  });

  it('refuses bad input whole, naming the field in Russian, and changes nothing', async () => {
    const before = await site();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ name: 'Ок', colors: { primary: '#101010' } }, /Основной цвет.*контраст/],
      [{ name: 'Ок', colors: { primary: 'red' } }, /Основной цвет/],
      [{ name: 'x'.repeat(41) }, /Название магазина: не длиннее 40/],
      [{ links: [{ kind: 'site', url: 'javascript:alert(1)', label: 'x' }] }, /Ссылка: адрес/],
      [{ topUp: { min: 500, max: 100 } }, /минимальная сумма больше максимальной/],
      [{ topUp: { tiers: [{ from: 20_000, percent: 30 }] } }, /порог 20.000 ₽ выше максимальной/],
      [
        {
          topUp: {
            tiers: [
              { from: 1000, percent: 15 },
              { from: 1000, percent: 20 },
            ],
          },
        },
        /одинаковый порог/,
      ],
      [
        { topUp: { tiers: [{ from: 1000, percent: 101 }] } },
        /Бонус по сумме: процент: от 0 до 100/,
      ],
      [{ topUp: { firstTopUpPercent: -1 } }, /Бонус за первое пополнение: от 0 до 100/],
      [{ texts: { features: [{ icon: 'bomb', title: 'a', text: 'b' }] } }, /значок/],
      [{ legal: { rules: 'a'.repeat(30_001) } }, /Правила сервера.*30000/],
      [{ unknownField: 1 }, /.+/],
      [{ categories: [{ key: 'resources', label: 'Ресурсы' }] }, /«weapons» есть у товаров/],
    ];
    for (const [payload, message] of cases) {
      const reply = await put(payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(reply.json().message).toMatch(message);
    }
    expect(await site()).toEqual(before);
  });

  it('renders legal Markdown inert: no raw HTML, no scripts, no javascript: links', async () => {
    const reply = await put({
      seller: { name: 'ИП Иванов И. И.', inn: '500100732259' },
      legal: {
        rules: [
          '# Правила',
          '<script>alert(1)</script>',
          '<img src=x onerror="alert(1)">',
          '[ссылка](javascript:alert(1))',
          '[почта](mailto:owner@example.com) и [сайт](https://example.com)',
          'Продавец: {{seller.name}}, ИНН {{seller.inn}}, ОГРН {{seller.ogrn}}',
        ].join('\n\n'),
      },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const page = (await shop.app.inject({ url: '/api/site/legal/rules' })).json();
    expect(page.html).not.toMatch(/<script|<img|<[^>]+\son\w+=|href="javascript/i);
    expect(page.html).toContain('&lt;script&gt;');
    expect(page.html).toContain('href="mailto:owner@example.com"');
    expect(page.html).toContain('rel="noopener noreferrer nofollow"');
    expect(page.html).toContain('Продавец: ИП Иванов И. И., ИНН 500100732259, ОГРН [не указано]');
  });

  it('a player and a guest get 403 and 401 on every settings route', async () => {
    const routes: Array<[string, string]> = [
      ['GET', '/api/admin/site'],
      ['PUT', '/api/admin/site'],
      ['PUT', '/api/admin/site/images/logo'],
      ['DELETE', '/api/admin/site/images/logo'],
      ['GET', '/api/admin/site/versions'],
      ['POST', '/api/admin/site/versions/1/restore'],
    ];
    for (const [method, url] of routes) {
      const asPlayer = await shop.app.inject({
        method: method as 'GET',
        url,
        headers: player,
        payload: method === 'PUT' || method === 'POST' ? {} : undefined,
      });
      expect(asPlayer.statusCode, `${method} ${url}`).toBe(403);
      const asGuest = await shop.app.inject({ method: method as 'GET', url });
      expect(asGuest.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('rolling back makes an earlier version the newest, and keeps every version', async () => {
    const first = (await put({ texts: { hero: { title: 'Первый' } } })).json().version;
    const second = (await put({ texts: { hero: { title: 'Второй' } } })).json().version;
    expect((await site()).texts.hero.title).toBe('Второй');
    const restored = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/site/versions/${first}/restore`,
      headers: admin,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().version).toBe(second + 1);
    expect((await site()).texts.hero.title).toBe('Первый');
    const list = (
      await shop.app.inject({ url: '/api/admin/site/versions?pageSize=100', headers: admin })
    ).json();
    expect(list.total).toBe(second + 1);
    expect(list.versions[0]).toMatchObject({
      restoredFrom: first,
      summary: `Возврат к версии ${first}`,
    });
    const journal = (await shop.app.inject({ url: '/api/admin/audit', headers: admin })).json();
    expect(journal.entries.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['site.update', 'site.restore']),
    );
  });

  it('concurrent changes each become their own version; none is lost', async () => {
    const before = (await site()).version;
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, index) => put({ texts: { nav: { home: `Дом ${index}` } } })),
    );
    const versions = replies.map((reply) => reply.json().version as number).sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: 8 }, (_, index) => before + index + 1));
  });
});
