import { describe, expect, it } from 'vitest';
import { snapshot, viewports } from './support/browser';
import { signIn } from './support/journeys';
import { sidewaysOverflow } from './support/page-checks';
import { useShopAndBrowser } from './support/journey-setup';

const PHONE = { width: 390, height: 844 };
const journey = useShopAndBrowser();

describe('Telegram in the demo', () => {
  it('a player links Telegram by the deep link; the admin answers their support message from the Telegram stand-in', async () => {
    const context = await journey.browser.newContext({ viewport: PHONE, locale: 'ru-RU' });
    const player = await context.newPage();
    await signIn(player, journey.shop.url, 'Nadya_Solo');
    await player.goto(`${journey.shop.url}/profile`);
    await player.getByRole('tab', { name: 'Настройки' }).click();
    await player.getByRole('button', { name: 'Привязать Telegram' }).click();
    const open = player.getByRole('link', { name: /Открыть бота/ });
    await expect.poll(() => open.isVisible()).toBe(true);
    const deepLink = await open.getAttribute('href');
    expect(deepLink).toMatch(/\/api\/demo\/telegram\/chat\/rusty_demo_bot\?start=[\w-]+$/);

    // «Telegram»: the person opens the bot and presses Start as Надя.
    const telegram = await context.newPage();
    await telegram.goto(deepLink!);
    await telegram.getByLabel('Ваш Telegram').selectOption('100002');
    await telegram.getByRole('button', { name: 'Start' }).click();
    await expect
      .poll(() => player.getByText('@nadya_solo').isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await sidewaysOverflow(player)).toBe(0);
    await player.getByText('Что присылать').scrollIntoViewIfNeeded();
    await snapshot(player, 'profile-telegram-390');
    await player.setViewportSize(viewports.desktop);
    await snapshot(player, 'profile-telegram-1280');

    // The player writes to support; the staff group in the stand-in hears of it.
    await player.setViewportSize(PHONE);
    await player.getByRole('button', { name: /^Открыть чат поддержки/ }).click();
    const panel = player.getByRole('dialog', { name: 'Техподдержка' });
    await panel.getByRole('textbox', { name: 'Сообщение' }).fill('Не пришёл калаш после покупки');
    await panel.getByRole('textbox', { name: 'Сообщение' }).press('Enter');
    await telegram.goto(`${journey.shop.url}/api/demo/telegram/chat`);
    const notice = telegram
      .getByRole('listitem')
      .filter({ hasText: 'Не пришёл калаш после покупки' })
      .first();
    await expect
      .poll(
        async () => {
          await telegram.reload();
          return notice.isVisible();
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await notice.getByRole('textbox').fill('Выдали повторно, проверьте инвентарь');
    await notice.getByRole('button', { name: 'Ответить' }).click();
    await expect
      .poll(() => panel.getByText('Выдали повторно, проверьте инвентарь').isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    await expect
      .poll(async () => {
        await telegram.reload();
        return telegram.getByText('Ответ отправлен игроку в чат на сайте.').isVisible();
      })
      .toBe(true);
    await snapshot(telegram, 'telegram-stand-in-390');

    // The admin's «Сообщество» tab: the demo's staff group with its events and the outbox.
    const adminContext = await journey.browser.newContext({ viewport: PHONE, locale: 'ru-RU' });
    const admin = await adminContext.newPage();
    await signIn(admin, journey.shop.url, 'Админ Демо');
    await admin.goto(`${journey.shop.url}/admin?tab=discord`);
    await expect
      .poll(() => admin.getByText('Персонал RUSTY').first().isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expect.poll(() => admin.getByText(/бот @rusty_demo_bot/).isVisible()).toBe(true);
    expect(await admin.content()).not.toContain('demo-telegram-bot-token');
    expect(await sidewaysOverflow(admin)).toBe(0);
    await admin.getByText('Куда приходят уведомления').scrollIntoViewIfNeeded();
    await snapshot(admin, 'admin-community-390');
    await admin.setViewportSize(viewports.desktop);
    await admin.getByText('Очередь уведомлений').scrollIntoViewIfNeeded();
    await snapshot(admin, 'admin-community-1280');
    await adminContext.close();
    await context.close();
  });

  it("back from Telegram's Login Widget refused: the settings tab says why and the address is clean", async () => {
    const context = await journey.browser.newContext({ viewport: PHONE, locale: 'ru-RU' });
    const player = await context.newPage();
    await signIn(player, journey.shop.url, 'Nadya_Solo');
    // Where /api/telegram/link/widget sends the browser when Telegram's fields do not check out.
    await player.goto(`${journey.shop.url}/profile?telegram=error`);
    await expect
      .poll(() => player.getByText(/Telegram не подтвердил вход/).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await player.getByRole('tab', { name: 'Настройки' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(new URL(player.url()).search).toBe('');
    await snapshot(player, 'profile-telegram-refused-390');
    await player.setViewportSize(viewports.desktop);
    await snapshot(player, 'profile-telegram-refused-1280');
    await context.close();
  });
});
