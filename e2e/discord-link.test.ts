import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snapshot, viewports } from './support/browser';
import { chooseDeliveryServer, signIn, topUpAndPay } from './support/journeys';
import { useShopAndBrowser } from './support/journey-setup';
import { elementsPastRightEdge, sidewaysOverflow } from './support/page-checks';

// No Discord settings: demo mode runs against its built-in Discord stand-in inside the shop.
const journey = useShopAndBrowser();

const phone = { width: 360, height: 780 };

/** The demo Discord server's member page: each member's name and roles, as its table shows them. */
async function guildPage(): Promise<string> {
  return (await fetch(`${journey.shop.url}/api/demo/discord/guild`)).text();
}
const memberRow = (name: string, roles: string) => `<td>${name}</td><td>${roles}</td>`;

/** Scrolls a part of the page to the middle of the screen, clear of the floating buttons. */
const centre = (locator: Locator) =>
  locator.evaluate((element) => element.scrollIntoView({ block: 'center' }));

/** Profile → Настройки, where the Discord card is. */
async function openSettings(page: Page) {
  await page.goto(`${journey.shop.url}/profile`);
  await page.getByRole('tab', { name: 'Настройки' }).click();
}

/** Links Discord as a player does: the button, the account on Discord's page, the way back. */
async function linkDiscord(page: Page, discordAccount: RegExp, shownName: string) {
  await openSettings(page);
  await page.getByRole('button', { name: 'Привязать Discord' }).click();
  await page.waitForURL(/\/api\/demo\/discord\/oauth2\/authorize\?/);
  await page.getByRole('link', { name: discordAccount }).click();
  await page.waitForURL((url) => url.pathname === '/discord/callback');
  await expect
    .poll(() =>
      page
        .getByRole('status')
        .filter({ hasText: `Discord привязан: ${shownName}` })
        .isVisible(),
    )
    .toBe(true);
  // The page cleared Discord's code from the address once it had used it.
  expect(new URL(page.url()).search).toBe('');
}

describe('linking Discord', () => {
  it('links Discord from Профиль → Настройки, shows the Discord name and «Отвязать», gives the VIP tier’s role in the demo server, and «Отвязать» takes both away', async () => {
    const context = await journey.browser.newContext({
      viewport: viewports.desktop,
      locale: 'ru-RU',
    });
    const page = await context.newPage();
    await signIn(page, journey.shop.url, 'Bandit_Kolya');
    // VIP bought before linking: the role must arrive once the account is linked.
    await topUpAndPay(page, 500, 'bandit@example.com', 'Баланс: 550 ₽');
    await page.goto(`${journey.shop.url}/shop`);
    await page.getByRole('button', { name: 'Купить VIP Silver на 7 дней' }).click();
    const dialog = page.getByRole('dialog', { name: 'Покупка VIP Silver на 7 дней' });
    // The second demo server: the demo's after-wipe sale on the first one comes and goes with time.
    await chooseDeliveryServer(dialog, 'RUSTY | Solo/Duo/Trio x3');
    await dialog.getByRole('button', { name: 'Купить за 99 ₽' }).click();
    await expect.poll(() => page.getByText('Покупка успешна!').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('Баланс: 451 ₽').isVisible()).toBe(true);
    expect(await guildPage()).toContain(memberRow('Странник', '—'));

    await openSettings(page);
    await expect
      .poll(() =>
        page
          .getByText('Привяжите Discord, чтобы получать роль VIP на нашем сервере Discord.')
          .isVisible(),
      )
      .toBe(true);
    await linkDiscord(page, /Авторизовать как Странник \(@rust_wanderer\)/, 'Странник');
    await page.getByRole('link', { name: 'В профиль' }).click();
    await page.getByRole('tab', { name: 'Настройки' }).click();
    const linked = page.getByText(/^Привязан аккаунт Странник\./);
    await expect.poll(() => linked.isVisible()).toBe(true);
    const unlink = page.getByRole('button', { name: 'Отвязать' });
    expect(await unlink.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Привязать Discord' }).count()).toBe(0);

    // The demo maps VIP Silver to the demo server's «VIP Silver» role; the role job gives it.
    await expect
      .poll(guildPage, { timeout: 20_000 })
      .toContain(memberRow('Странник', 'VIP Silver'));

    await centre(linked);
    await snapshot(page, 'discord-card-1280');
    await page.setViewportSize(phone);
    await centre(linked);
    expect(await sidewaysOverflow(page), (await elementsPastRightEdge(page)).join('\n')).toBe(0);
    await snapshot(page, 'discord-card-360');
    await page.setViewportSize(viewports.desktop);

    await unlink.click();
    await expect.poll(() => page.getByText('Discord отвязан').first().isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('button', { name: 'Привязать Discord' }).isVisible())
      .toBe(true);
    expect(await linked.count()).toBe(0);
    await expect.poll(guildPage, { timeout: 20_000 }).toContain(memberRow('Странник', '—'));
    // Still unlinked after a reload: the server forgot the link, not just the page.
    await page.reload();
    await page.getByRole('tab', { name: 'Настройки' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Привязать Discord' }).isVisible())
      .toBe(true);
    await context.close();
  });

  it('shows the admin’s «Сообщество» tab with the linked players and an added channel webhook, without sideways scroll at 360 px', async () => {
    const playerContext = await journey.browser.newContext({
      viewport: viewports.desktop,
      locale: 'ru-RU',
    });
    const player = await playerContext.newPage();
    await signIn(player, journey.shop.url, 'Nadya_Solo');
    await linkDiscord(player, /Авторизовать как Рейдер \(@raid_master\)/, 'Рейдер');
    await playerContext.close();

    const context = await journey.browser.newContext({ viewport: phone, locale: 'ru-RU' });
    const page = await context.newPage();
    await signIn(page, journey.shop.url, 'Админ Демо');
    await page.goto(`${journey.shop.url}/admin?tab=discord`);
    await expect
      .poll(() =>
        page.getByText(/Привязка аккаунтов: включена · привязано игроков: 1$/).isVisible(),
      )
      .toBe(true);
    // The demo's tiers come with the demo server's roles.
    expect(await page.getByLabel('ID роли для VIP Silver').inputValue()).toBe('210000000000000002');
    expect(await page.getByLabel('ID роли для VIP Gold').inputValue()).toBe('210000000000000001');

    // The demo server's channel offers its webhook address, as Discord's channel settings do.
    const address = /<code>([^<]+)<\/code>/.exec(await guildPage())?.[1];
    expect(address).toMatch(/\/api\/demo\/discord\/api\/webhooks\/\d+\/[\w-]+$/);
    // A channel's webhook is one of the destinations of staff notifications.
    await page.getByLabel('Мессенджер').selectOption('discord');
    await page.getByLabel('Название').fill('#магазин');
    await page.getByLabel('Адрес вебхука').fill(address!);
    await page.getByRole('button', { name: 'Добавить получателя' }).click();
    await expect.poll(() => page.getByText('Получатель добавлен').first().isVisible()).toBe(true);
    const hook = page.getByRole('listitem').filter({ hasText: '#магазин' });
    await expect
      .poll(() => hook.getByText('https://discord.com/api/webhooks/').isVisible())
      .toBe(true);
    // The token is the webhook's secret: the panel never shows it.
    const token = address!.split('/').at(-1)!;
    expect(await page.content()).not.toContain(token);

    await hook.getByRole('button', { name: 'Проверить' }).click();
    await expect
      .poll(() => page.getByText('Тестовое сообщение отправлено').first().isVisible())
      .toBe(true);
    await expect.poll(guildPage).toMatch(/<ul><li>[^<]+<\/li><\/ul>/);

    await page.getByRole('tab', { name: 'Сообщество' }).scrollIntoViewIfNeeded();
    expect(await sidewaysOverflow(page), (await elementsPastRightEdge(page)).join('\n')).toBe(0);
    await snapshot(page, 'admin-discord-360');
    await centre(hook);
    expect(await sidewaysOverflow(page), (await elementsPastRightEdge(page)).join('\n')).toBe(0);
    await snapshot(page, 'admin-discord-webhook-360');
    await page.setViewportSize(viewports.desktop);
    await page.getByRole('tab', { name: 'Сообщество' }).scrollIntoViewIfNeeded();
    await expect.poll(() => page.getByText(/привязано игроков: 1$/).isVisible()).toBe(true);
    await snapshot(page, 'admin-discord-1280');
    await centre(hook);
    await snapshot(page, 'admin-discord-webhook-1280');
    await context.close();
  });
});
