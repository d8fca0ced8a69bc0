import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { snapshot, viewports } from './support/browser';
import { useShopAndBrowser } from './support/journey-setup';
import { signIn } from './support/journeys';
import {
  elementsPastRightEdge,
  seriousAxeViolations,
  sidewaysOverflow,
} from './support/page-checks';

const journey = useShopAndBrowser();

/** The shop shares the machine with other work: each live change gets a few seconds to show. */
const shows = (check: () => Promise<boolean>) => expect.poll(check, { timeout: 15_000 }).toBe(true);

async function openSiteTab(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, locale: 'ru-RU' });
  const page = await context.newPage();
  await signIn(page, journey.shop.url, 'Админ Демо');
  await page.goto(`${journey.shop.url}/admin`);
  await page.getByRole('tab', { name: 'Оформление' }).click();
  await shows(() => page.getByLabel('Название магазина', { exact: true }).isVisible());
  return { context, page };
}

/** Opens a folded part of the tab by its heading's button. */
async function openSection(page: Page, title: string) {
  const toggle = page.getByRole('button', { name: new RegExp(`^${title}`) });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/** «Опубликовать» of one part; with a version, waits for the word that it is published. */
async function publishIn(page: Page, title: string, version: number | null) {
  const section = page.getByRole('region', { name: title, exact: true });
  await section.getByRole('button', { name: 'Опубликовать' }).click();
  if (version !== null) {
    await shows(() => section.getByText(`Опубликовано: версия ${version}`).isVisible());
  }
}

/** A 256 px square PNG in a colour nobody ships, as an owner's logo file. */
const logoPng = () =>
  sharp({ create: { width: 256, height: 256, channels: 4, background: '#33aa77' } })
    .png()
    .toBuffer();

describe('«Оформление»', () => {
  it('changes the shop’s name, colour, texts, link, logo and rules, previewed before publishing, then goes back to the first version', async () => {
    const { context, page } = await openSiteTab(journey.browser, viewports.desktop);
    const phone = page.frameLocator('iframe[title="Предпросмотр: телефон"]');
    const desktop = page.frameLocator('iframe[title="Предпросмотр: компьютер"]');

    // Version 1: a hero text and a feature card.
    await openSection(page, 'Главная и тексты');
    await page
      .getByLabel('Заголовок главной', { exact: true })
      .fill('Добро пожаловать на {{shop.name}}');
    const card = page.getByRole('group', { name: 'Карточка главной 1' });
    await card.getByLabel('Заголовок', { exact: true }).fill('Рейды по выходным');
    await card.getByLabel('Значок', { exact: true }).selectOption('swords');
    await page.getByRole('button', { name: 'Выше: Карточка главной 2' }).click();
    await publishIn(page, 'Главная и тексты', 1);

    // The colour check refuses a colour too dark for the page before anything is sent.
    const hex = page.getByRole('textbox', { name: 'Основной цвет', exact: true });
    await hex.fill('#1a1a1a');
    await shows(() =>
      page
        .getByText(/Цвет слишком тёмный/)
        .first()
        .isVisible(),
    );
    await publishIn(page, 'Магазин', null);
    await shows(() =>
      page
        .getByRole('alert')
        .filter({ hasText: /^Основной цвет: Цвет слишком тёмный/ })
        .isVisible(),
    );

    // Version 2: name and colour, seen in both preview frames before they are published.
    await page.getByLabel('Название магазина', { exact: true }).fill('Ржавый Берег');
    await hex.fill('#2b8cce');
    await shows(() => page.getByText(/Текст на кнопках: чёрный/).isVisible());
    await page.getByRole('button', { name: 'Показать предпросмотр' }).click();
    await shows(() =>
      phone.getByRole('heading', { name: 'Добро пожаловать на Ржавый Берег' }).isVisible(),
    );
    await shows(() => desktop.getByText('Рейды по выходным').isVisible());
    expect(
      await desktop
        .locator('html')
        .evaluate((html) => getComputedStyle(html).getPropertyValue('--color-primary').trim()),
    ).toBe('#2b8cce');
    await snapshot(page, 'site-admin-preview-1280');
    await publishIn(page, 'Магазин', 2);

    // Version 3: a Telegram link marked main, which unmarks the demo's Discord one.
    await openSection(page, 'Ссылки сообщества');
    await page.getByRole('button', { name: 'Добавить ссылку' }).click();
    const links = page.getByRole('list', { name: 'Ссылки сообщества' });
    const added = links.getByRole('group').last();
    await added.getByLabel('Тип', { exact: true }).selectOption('telegram');
    await added.getByLabel('Адрес', { exact: true }).fill('https://t.me/rust_bereg');
    await added.getByLabel('Подпись', { exact: true }).fill('Наш Telegram');
    await added.getByRole('radio').check();
    await publishIn(page, 'Ссылки сообщества', 3);

    // Version 4: a logo, published as soon as it is chosen.
    await openSection(page, 'Изображения');
    await page
      .getByLabel('Логотип: загрузить файл', { exact: true })
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() });
    const logo = page.getByRole('group', { name: 'Логотип' });
    await shows(() => logo.getByText('Опубликовано: версия 4').isVisible());
    // A file that is no picture is refused with the server's words.
    await page.getByLabel('Фон: загрузить файл', { exact: true }).setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a picture at all'),
    });
    await shows(() => page.getByRole('group', { name: 'Фон' }).getByRole('alert').isVisible());

    // Version 5: the rules, written in Markdown beside the page they make.
    await openSection(page, 'Документы');
    await page.getByRole('tab', { name: /^Правила/ }).click();
    await page
      .getByLabel('Текст: Правила сервера (Markdown)', { exact: true })
      .fill('## Правила Ржавого Берега\n\nПродавец: {{seller.name}}. Без читов.');
    const rulesPreview = page.getByRole('region', { name: 'Предпросмотр: Правила сервера' });
    await shows(() =>
      rulesPreview.getByRole('heading', { name: 'Правила Ржавого Берега' }).isVisible(),
    );
    await page.getByLabel('Продавец: наименование', { exact: true }).fill('ИП Берегов');
    await shows(() => rulesPreview.getByText('Продавец: ИП Берегов. Без читов.').isVisible());
    await publishIn(page, 'Документы', 5);

    // A category the demo's products use cannot go: the server says so, and nothing is saved.
    await openSection(page, 'Каталог и деньги');
    await page.getByRole('button', { name: 'Удалить: Категория weapons' }).click();
    await publishIn(page, 'Каталог и деньги', null);
    await shows(() =>
      page
        .getByRole('alert')
        .filter({ hasText: /есть у товаров/ })
        .isVisible(),
    );

    // The overview's note on sample documents no longer names the rules, and leads back here.
    await page.getByRole('tab', { name: 'Обзор' }).click();
    const samples = page.getByRole('region', { name: 'Документы-образцы' });
    await shows(() => samples.getByText(/Контакты/).isVisible());
    expect(await samples.textContent()).not.toContain('Правила сервера');
    await samples.getByRole('link', { name: 'Открыть «Оформление»' }).click();
    await shows(() => page.getByLabel('Название магазина', { exact: true }).isVisible());

    // A player's first visit shows all of it.
    const visitor = await journey.browser.newContext({
      viewport: viewports.desktop,
      locale: 'ru-RU',
    });
    const home = await visitor.newPage();
    await home.goto(journey.shop.url);
    expect(await home.title()).toBe('Ржавый Берег');
    await shows(() =>
      home.getByRole('heading', { name: 'Добро пожаловать на Ржавый Берег' }).isVisible(),
    );
    const cards = home.getByRole('region', { name: 'Наши преимущества' }).getByRole('heading');
    expect((await cards.allTextContents()).slice(0, 2)).toEqual([
      'Быстрая доставка',
      'Рейды по выходным',
    ]);
    const telegram = home.locator('a[href="https://t.me/rust_bereg"]');
    expect(await telegram.count()).toBeGreaterThan(0);
    await shows(() =>
      home
        .getByRole('link', { name: /Наш Telegram/ })
        .first()
        .isVisible(),
    );
    expect(await home.locator('img[src*="-logo-"]').count()).toBeGreaterThan(0);
    expect(
      await home.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
      ),
    ).toBe('#2b8cce');
    await snapshot(home, 'site-admin-home-after-1280');

    // Back to version 1: the hero text and card stay, the shop's name is the shipped one again.
    await openSection(page, 'Версии');
    await page.getByRole('button', { name: 'Вернуть эту версию № 1' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Вернуть версию 1?' });
    await confirm.getByRole('button', { name: 'Вернуть эту версию' }).click();
    await shows(() => page.getByText('Возвращена версия 1').isVisible());
    await shows(
      async () =>
        (await page.getByLabel('Название магазина', { exact: true }).inputValue()) === 'Rust Shop',
    );
    await home.reload();
    expect(await home.title()).toBe('Rust Shop');
    await shows(() =>
      home.getByRole('heading', { name: 'Добро пожаловать на Rust Shop' }).isVisible(),
    );
    await visitor.close();
    await context.close();
  });

  it('fits a phone, every part open, with nothing a screen reader would trip on', async () => {
    const { context, page } = await openSiteTab(journey.browser, viewports.phone);
    const parts = ['Изображения', 'Главная и тексты', 'Ссылки сообщества', 'Документы'];
    for (const title of [...parts, 'Каталог и деньги', 'Сообщения вне сайта', 'Версии']) {
      await openSection(page, title);
    }
    expect(await sidewaysOverflow(page), (await elementsPastRightEdge(page)).join('\n')).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await snapshot(page, 'site-admin-390');
    await context.close();
  });
});
