import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snapshot, viewports } from './support/browser';
import { sessionToken, signIn } from './support/journeys';
import { useShopAndBrowser } from './support/journey-setup';

const journey = useShopAndBrowser();

/** The owner's bonus tiers and first top-up bonus, set as the admin sets them in «Оформление». */
async function setBonusTiers(shopUrl: string): Promise<void> {
  const context = await journey.browser.newContext();
  const page = await context.newPage();
  await signIn(page, shopUrl, 'Админ Демо');
  const reply = await fetch(`${shopUrl}/api/admin/site`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${await sessionToken(page)}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      topUp: {
        firstTopUpPercent: 5,
        tiers: [
          { from: 1000, percent: 15 },
          { from: 3000, percent: 20 },
        ],
      },
    }),
  });
  await context.close();
  if (reply.status !== 200) throw new Error(`setting the tiers failed: ${await reply.text()}`);
}

/** Opens the dialog from the header, types the amount and the e-mail, picks the method. */
async function fillTopUp(page: Page, amount: number, method: RegExp) {
  await page.getByRole('button', { name: 'Пополнить баланс' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Пополнение баланса' });
  await dialog.getByRole('radio', { name: method }).click();
  await dialog.getByLabel('Сумма, ₽').fill(String(amount));
  await dialog.getByLabel('Email для чека').fill('player@example.com');
  await dialog.getByRole('checkbox', { name: 'Подтверждаю правильность email' }).check();
  return dialog;
}

describe('choosing how to pay', () => {
  it('the dialog offers FreeKassa, YooKassa and Crypto Pay with their limits, and previews the tiered bonus', async () => {
    await setBonusTiers(journey.shop.url);
    for (const [name, viewport] of Object.entries(viewports)) {
      const context = await journey.browser.newContext({ viewport, locale: 'ru-RU' });
      const page = await context.newPage();
      await signIn(page, journey.shop.url, 'Bandit_Kolya');
      const dialog = await fillTopUp(page, 3000, /^СБП\s*ЮKassa/);
      for (const method of [/^Банковская карта\s*FreeKassa/, /^SberPay\s*ЮKassa/, /Криптовалюта/]) {
        await expect.poll(() => dialog.getByRole('radio', { name: method }).isVisible()).toBe(true);
      }
      // 3 000 ₽ reaches the 20 % tier; this player's first top-up adds 5 %.
      const preview = dialog.getByText(
        /Бонус \+20% \(от 3\s000 ₽\): \+600 ₽ и \+5% за первое пополнение: \+150 ₽ · будет зачислено 3\s750 ₽/,
      );
      await expect.poll(() => preview.isVisible()).toBe(true);
      // The amount, its preview and the first methods in view, as the player sees them on opening.
      await dialog.getByLabel('Сумма, ₽').scrollIntoViewIfNeeded();
      await snapshot(page, `top-up-methods-${name === 'phone' ? 390 : 1280}`);
      await dialog.getByRole('button', { name: 'Отмена' }).click();
      await context.close();
    }
  });

  it.each([
    [
      'FreeKassa by card',
      /^Банковская карта\s*FreeKassa/,
      500,
      /\/api\/demo\/freekassa\/pay/,
      'Баланс: 575 ₽',
    ],
    [
      'YooKassa by SBP',
      /^СБП\s*ЮKassa/,
      1000,
      /\/api\/demo\/yookassa\/checkout\//,
      'Баланс: 1\u00a0200 ₽',
    ],
    [
      'Crypto Pay in TON',
      /Криптовалюта/,
      3000,
      /\/api\/demo\/cryptopay\/invoice\//,
      'Баланс: 3\u00a0750 ₽',
    ],
  ])(
    '%s: the demo page takes the top-up and the shop credits it',
    async (_, method, amount, pageUrl, balance) => {
      const context = await journey.browser.newContext({
        viewport: viewports.phone,
        locale: 'ru-RU',
      });
      const page = await context.newPage();
      // Each provider with a fresh player: every one is a first top-up (+5 %).
      const account = {
        500: 'Vasya Raider',
        1000: 'Nadya_Solo',
        3000: 'Александр_Великий_Рейдер_2077',
      }[amount]!;
      await signIn(page, journey.shop.url, account);
      const dialog = await fillTopUp(page, amount, method);
      await dialog.getByRole('button', { name: 'Перейти к оплате' }).click();
      await page.waitForURL(pageUrl);
      if (/cryptopay/.test(page.url())) await page.getByRole('radio', { name: 'TON' }).check();
      await snapshot(
        page,
        `demo-pay-page-${/freekassa|yookassa|cryptopay/.exec(page.url())?.[0]}-390`,
      );
      await page.getByRole('button', { name: 'Оплатить' }).click();
      await page.waitForURL(/\/payment-success/);
      await expect.poll(() => page.getByText('Платеж успешен!').isVisible()).toBe(true);
      await expect.poll(() => page.getByLabel(balance).first().isVisible()).toBe(true);
      await context.close();
    },
  );

  it('the owner sees each provider working and switches a method off; the dialog no longer offers it', async () => {
    // One sign-in for both widths: the shop limits sign-ins a minute, and this file signs in often.
    const owner = await journey.browser.newContext({ locale: 'ru-RU' });
    const page = await owner.newPage();
    await signIn(page, journey.shop.url, 'Админ Демо');
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await page.goto(`${journey.shop.url}/admin`);
      const section = page.getByRole('heading', { name: 'Способы оплаты' });
      await section.scrollIntoViewIfNeeded();
      const health = page.getByRole('list', { name: 'Платёжные системы' });
      // Nobody hides: each provider works, or has not been asked anything since the start.
      await expect.poll(() => health.getByRole('listitem').count()).toBe(3);
      expect(await health.getByText(/Не отвечает/).count()).toBe(0);
      if (name === 'desktop') {
        await page.getByRole('switch', { name: /Включён: SberPay/ }).click();
        await page.getByRole('button', { name: 'Сохранить порядок и включённые' }).click();
        await expect
          .poll(() => page.getByText('Сохранено: игроки видят новый список').isVisible())
          .toBe(true);
      }
      await section.scrollIntoViewIfNeeded();
      await snapshot(page, `admin-payment-methods-${name === 'phone' ? 390 : 1280}`);
    }
    await owner.close();
    const context = await journey.browser.newContext({
      viewport: viewports.phone,
      locale: 'ru-RU',
    });
    const player = await context.newPage();
    await signIn(player, journey.shop.url, 'Bandit_Kolya');
    const dialog = await fillTopUp(player, 100, /^СБП\s*ЮKassa/);
    await expect.poll(() => dialog.getByRole('radio').count()).toBe(7);
    expect(await dialog.getByRole('radio', { name: /SberPay/ }).count()).toBe(0);
    await context.close();
  });

  it('«Оформление» shows the bonus tiers the owner set, and adds one above the highest', async () => {
    const context = await journey.browser.newContext({ locale: 'ru-RU' });
    const page = await context.newPage();
    await signIn(page, journey.shop.url, 'Админ Демо');
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await page.goto(`${journey.shop.url}/admin?tab=site`);
      await page.getByRole('button', { name: /^Каталог и деньги/ }).click();
      const tiers = page.getByRole('list', { name: 'Ступени бонуса' });
      await expect.poll(() => tiers.getByRole('listitem').count()).toBe(2);
      expect(await page.getByLabel('Порог ступени 2, ₽').inputValue()).toBe('3000');
      expect(await page.getByLabel('За первое пополнение, +%').inputValue()).toBe('5');
      await page.getByRole('button', { name: 'Добавить ступень' }).click();
      expect(await page.getByLabel('Порог ступени 3, ₽').inputValue()).toBe('6000');
      expect(await page.getByLabel('Процент ступени 3').inputValue()).toBe('25');
      await page.getByRole('button', { name: 'Добавить ступень' }).scrollIntoViewIfNeeded();
      await snapshot(page, `admin-bonus-tiers-${name === 'phone' ? 390 : 1280}`);
    }
    await context.close();
  });
});
