import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../apps/server/src/test-support/test-database';
import { snapshot, viewports } from './support/browser';
import { useShopAndBrowser } from './support/journey-setup';
import { sessionToken, signIn, startTopUp } from './support/journeys';
import { startShop, type ShopProcess } from './support/shop-process';

/**
 * An owner makes the shop their own: every item that used to be ours in the code is set, and a
 * fresh browser finds the owner's shop on every page at phone and desktop width, and ours nowhere.
 * On PostgreSQL (TEST_DATABASE_URL, as in CI) a second shop process on the same database serves
 * the change too, with no restart.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
let database: Awaited<ReturnType<typeof createPostgresTestDatabase>> | undefined;
const journey = useShopAndBrowser({
  before: async () => {
    if (postgresUrl) database = await createPostgresTestDatabase(postgresUrl);
  },
  after: async () => database?.drop(),
  get env(): Record<string, string> {
    return database ? { DATABASE_URL: database.url } : {};
  },
});

const OWNER = {
  name: 'Тайга',
  description: 'Серверы «Тайги»: честный вайп каждую пятницу.',
  colors: { primary: '#2a9d8f', overlayPercent: 55 },
  links: [
    { kind: 'telegram', url: 'https://t.me/taiga_rust', label: 'Телеграм Тайги', main: true },
    { kind: 'vk', url: 'https://vk.com/taiga_rust', label: 'Тайга ВКонтакте', main: false },
  ],
  topUp: { bonusPercent: 15, min: 50, max: 20000 },
  seller: { name: 'ИП Тайгин Т. Т.', inn: '500100732259', ogrn: '304500116000157' },
  texts: {
    hero: {
      badge: 'Сезон открыт',
      title: 'Выживай в',
      titleAccent: 'Тайге',
      subtitle: 'Наборы и привилегии для серверов Тайги.',
      bonusNote: 'Дарим {{topUp.bonusPercent}}% к пополнению.',
      shopButton: 'К товарам',
      serversButton: 'Наши миры',
    },
    features: [{ icon: 'trophy', title: 'Турниры', text: 'Каждую субботу — турнир кланов.' }],
    login: {
      title: 'Вход в Тайгу',
      text: 'Войдите через Steam, чтобы играть с нами.',
      consent: 'Входя, вы принимаете правила Тайги.',
      cards: [{ icon: 'heart', title: 'Сообщество Тайги', text: 'Мы отвечаем в Телеграме.' }],
    },
    footer: { blurb: 'Тайга — сообщество выживания с 2019 года.' },
    shop: { subtitle: 'Всё для выживания в Тайге.' },
    nav: { home: 'Лагерь', shop: 'Лавка', servers: 'Миры' },
  },
  notices: { webhookSender: 'Касса Тайги', giftNotice: '{{sender}} дарит вам {{product}}' },
  legal: {
    rules: '## Правила Тайги\n\nБез читов и макросов.',
    agreement: '## Соглашение Тайги\n\nПродавец: {{seller.name}}, ИНН {{seller.inn}}.',
    privacy: '## Данные в Тайге\n\nМы храним только Steam ID.',
    contacts: '## Связь с Тайгой\n\nПишите в Телеграм.',
  },
};
const OURS = /Rust\s*Shop|RustShop|Магазин серверов/i;
const ROUTES = ['/', '/shop', '/servers', '/promocodes', '/login', '/profile', '/cart'];

async function adminApi(page: Page, method: string, path: string, body: unknown, type?: string) {
  const response = await fetch(`${journey.shop.url}/api/admin${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await sessionToken(page)}`,
      'content-type': type ?? 'application/json',
    },
    body: body instanceof Buffer ? new Uint8Array(body) : JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { version: number };
}

async function site(url: string) {
  return (await (await fetch(`${url}/api/site`)).json()) as {
    version: number;
    name: string;
    images: { logo: string | null };
  };
}

describe('an owner rebrands the shop', () => {
  let other: ShopProcess | undefined;
  beforeAll(async () => {
    const context = await journey.browser.newContext();
    const page = await context.newPage();
    await signIn(page, journey.shop.url, 'Админ Демо');
    await adminApi(page, 'PUT', '/site', OWNER);
    const logo = await sharp({
      create: { width: 320, height: 96, channels: 4, background: '#e9c46a' },
    })
      .png()
      .toBuffer();
    await adminApi(page, 'PUT', '/site/images/logo', logo, 'image/png');
    const background = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: '#264653' },
    })
      .jpeg()
      .toBuffer();
    await adminApi(page, 'PUT', '/site/images/background', background, 'image/jpeg');
    await context.close();
  }, 120_000);
  afterAll(async () => other?.stop());

  for (const [width, viewport] of [
    [390, viewports.phone],
    [1280, viewports.desktop],
  ] as const) {
    it(`shows the owner's shop on every page at ${width} px, and ours nowhere`, async () => {
      const settings = await site(journey.shop.url);
      const context = await journey.browser.newContext({ viewport, locale: 'ru-RU' });
      const page = await context.newPage();
      for (const route of ROUTES) {
        // The first paint, before any script: the page as the server sends it.
        const served = await (await fetch(`${journey.shop.url}${route}`)).text();
        expect(served, route).toContain(`<title>${OWNER.name}</title>`);
        expect(served, route).not.toMatch(OURS);

        await page.goto(`${journey.shop.url}${route}`);
        await page.waitForLoadState('networkidle');
        expect(await page.title()).toBe(OWNER.name);
        const html = await page.content();
        expect(html, route).not.toMatch(OURS);
        const metas = await page.$$eval('meta', (tags) =>
          tags.map((tag) => tag.getAttribute('content') ?? ''),
        );
        expect(metas.join(' '), route).toContain(OWNER.description);
        const primary = await page.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
        );
        expect(primary, route).toBe(OWNER.colors.primary);
        // A signed-out visit to the profile or the cart is sent to the sign-in page, which has no header.
        if (!page.url().endsWith('/login')) {
          expect(
            await page.locator(`img[src="${settings.images.logo}"]`).count(),
            route,
          ).toBeGreaterThan(0);
          expect(
            await page.locator('a[href="https://vk.com/taiga_rust"]').count(),
            route,
          ).toBeGreaterThan(0);
        }
        // A page is called what the owner calls it in the menu.
        const ownName = { '/shop': OWNER.texts.nav.shop, '/servers': OWNER.texts.nav.servers }[
          route
        ];
        if (ownName) {
          expect(await page.getByRole('heading', { level: 1 }).textContent(), route).toBe(ownName);
        }
        await snapshot(
          page,
          `rebrand${route === '/' ? '-home' : route.replace('/', '-')}-${width}`,
        );
      }

      await page.goto(journey.shop.url);
      for (const text of [
        OWNER.texts.hero.badge,
        OWNER.texts.hero.subtitle,
        'Дарим 15% к пополнению.',
        OWNER.texts.hero.shopButton,
        OWNER.texts.features[0]!.title,
        OWNER.texts.footer.blurb,
      ]) {
        await expect
          .poll(() => page.getByText(text).first().isVisible(), { message: text })
          .toBe(true);
      }
      // The header's labels: on a phone they are in the menu, not on screen until it opens.
      expect(await page.getByText(OWNER.texts.nav.shop).count()).toBeGreaterThan(0);
      // The floating button is the main link with its own label, and no Discord where none is set.
      expect(await page.locator('a[href="https://t.me/taiga_rust"]').count()).toBeGreaterThan(0);
      expect(await page.locator('a[href*="discord"]').count()).toBe(0);

      await page.getByRole('button', { name: 'Правила сервера' }).first().click();
      const rules = page.getByRole('dialog');
      await expect.poll(() => rules.getByText('Без читов и макросов.').isVisible()).toBe(true);
      await page.keyboard.press('Escape');

      await page.goto(`${journey.shop.url}/login`);
      for (const text of [OWNER.texts.login.title, OWNER.texts.login.consent, 'Сообщество Тайги']) {
        await expect
          .poll(() => page.getByText(text).first().isVisible(), { message: text })
          .toBe(true);
      }
      await context.close();
    });
  }

  it('tops up under the owner’s terms: the dialog promises 1 150 ₽ for 1 000 ₽ and the balance gets it', async () => {
    const context = await journey.browser.newContext({
      viewport: viewports.desktop,
      locale: 'ru-RU',
    });
    const page = await context.newPage();
    await signIn(page, journey.shop.url, 'Bandit_Kolya');
    await page.getByRole('button', { name: 'Пополнить баланс' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Пополнение баланса' });
    await dialog.getByLabel('Сумма, ₽').fill('1000');
    await expect
      .poll(() =>
        dialog
          .getByText(/1\s?150\s?₽/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await page.keyboard.press('Escape');
    await startTopUp(page, 1000, 'kolya@example.com');
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await page.waitForURL(/\/payment-success/);
    await expect
      .poll(() =>
        page
          .getByLabel(/Баланс: 1\s?150 ₽/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await context.close();
  });

  it.skipIf(!postgresUrl)(
    'a second shop process on the same PostgreSQL serves the change, and the next one within 2 s',
    async () => {
      other = await startShop({ DATABASE_URL: database!.url, DEMO: '0' });
      expect((await site(other.url)).name).toBe(OWNER.name);
      const served = await (await fetch(`${other.url}/`)).text();
      expect(served).toContain(`<title>${OWNER.name}</title>`);

      const context = await journey.browser.newContext();
      const page = await context.newPage();
      await signIn(page, journey.shop.url, 'Админ Демо');
      await adminApi(page, 'PUT', '/site', { name: 'Тайга 2' });
      await context.close();
      const published = Date.now();
      await expect
        .poll(async () => (await site(other!.url)).name, { timeout: 2_000, interval: 100 })
        .toBe('Тайга 2');
      expect(Date.now() - published).toBeLessThan(2_000);
    },
  );
});
