import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { snapshot, viewports } from './support/browser';
import { signIn } from './support/journeys';
import { sidewaysOverflow } from './support/page-checks';
import { useShopAndBrowser } from './support/journey-setup';

const PHONE = { width: 360, height: 740 };
const journey = useShopAndBrowser();

/**
 * How far the widest message reaches past the list that holds it, on either side, in px: a
 * player's own bubble hugs the right, so one too wide for the row spills out to the left.
 */
function widestPastList(messages: Locator): Promise<number> {
  return messages.evaluate((list) => {
    const edges = list.getBoundingClientRect();
    const past = Array.from(list.querySelectorAll('li *')).map((element) => {
      const box = element.getBoundingClientRect();
      return Math.max(edges.left - box.left, box.right - edges.right);
    });
    return Math.max(0, list.scrollWidth - list.clientWidth, ...past);
  });
}

describe('support chat', () => {
  it('a player asks about a failed payment in the widget and the staff answers live from «Чаты»', async () => {
    const adminContext = await journey.browser.newContext({
      viewport: viewports.desktop,
      locale: 'ru-RU',
    });
    const admin = await adminContext.newPage();
    await signIn(admin, journey.shop.url, 'Админ Демо');
    await admin.goto(`${journey.shop.url}/admin`);
    await admin.getByRole('tab', { name: 'Чаты' }).click();
    // The demo's month of history left one question waiting.
    const chats = admin.getByRole('list', { name: 'Чаты' });
    await expect
      .poll(() => chats.getByRole('button', { name: /^Tanya_Raid/ }).isVisible())
      .toBe(true);

    const playerContext = await journey.browser.newContext({
      viewport: viewports.desktop,
      locale: 'ru-RU',
    });
    const player = await playerContext.newPage();
    await signIn(player, journey.shop.url, 'Bandit_Kolya');
    const toggle = player.getByRole('button', { name: /^Открыть чат поддержки/ });
    await expect.poll(() => toggle.isVisible()).toBe(true);

    // From the failed payment page: the widget opens with the order number filled in.
    const orderId = randomUUID();
    await player.goto(`${journey.shop.url}/payment-success?orderId=${orderId}`);
    await expect
      .poll(() => player.getByRole('heading', { name: 'Ошибка платежа' }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    await player.getByRole('button', { name: 'Написать в поддержку' }).click();
    const panel = player.getByRole('dialog', { name: 'Техподдержка' });
    const input = panel.getByRole('textbox', { name: 'Сообщение' });
    await expect.poll(() => input.inputValue()).toBe(`Заказ №${orderId}: `);
    const send = panel.getByRole('button', { name: 'Отправить' });
    await input.press('End');
    await input.pressSequentially('деньги списались,');
    await input.press('Shift+Enter');
    await input.pressSequentially('а баланс не пополнился');
    await input.press('Enter');
    const sent = panel.getByRole('list', { name: 'Сообщения' }).getByText(/деньги списались,/);
    await expect.poll(() => sent.isVisible()).toBe(true);
    expect(await sent.innerText()).toBe(
      `Заказ №${orderId}: деньги списались,\nа баланс не пополнился`,
    );
    expect(await input.inputValue()).toBe('');
    expect(await send.isDisabled()).toBe(true);
    await input.fill('   ');
    expect(await send.isDisabled()).toBe(true);
    await snapshot(player, 'support-chat-widget-1280');
    await player.setViewportSize(PHONE);
    await snapshot(player, 'support-chat-widget-360');
    await panel.getByRole('button', { name: 'Закрыть чат' }).click();
    await player.setViewportSize(viewports.desktop);

    // The staff sees the new conversation arrive without reloading, with the player beside it.
    const chatItem = admin.getByRole('list', { name: 'Чаты' }).getByRole('button', {
      name: /^Bandit_Kolya/,
    });
    await expect.poll(() => chatItem.isVisible(), { timeout: 10_000 }).toBe(true);
    await chatItem.click();
    const conversation = admin.getByRole('region', { name: 'Переписка с Bandit_Kolya' });
    await expect
      .poll(() => conversation.getByText(/а баланс не пополнился/).isVisible())
      .toBe(true);
    const context = admin.getByRole('complementary', { name: 'Данные игрока' });
    await expect.poll(() => context.getByText('Последние заказы').isVisible()).toBe(true);
    const reply = conversation.getByRole('textbox', { name: 'Сообщение' });
    await reply.fill('Платёж не дошёл до кассы, деньги вернутся банком в течение суток.');
    await reply.press('Enter');
    await expect
      .poll(() => conversation.getByText(/деньги вернутся банком/).isVisible())
      .toBe(true);
    // The sub-tabs just below the sticky header: the picture shows tabs, list and conversation.
    await admin.getByRole('tablist', { name: 'Фильтр чатов' }).evaluate((tabs) =>
      window.scrollTo({
        top: tabs.getBoundingClientRect().top + window.scrollY - 90,
        behavior: 'instant',
      }),
    );
    await snapshot(admin, 'admin-chats-1280');

    // The player's closed widget marks the unread reply; opening it shows the reply.
    const marked = player.getByRole('button', { name: 'Открыть чат поддержки: новый ответ' });
    await expect.poll(() => marked.isVisible(), { timeout: 10_000 }).toBe(true);
    await player.setViewportSize(PHONE);
    await snapshot(player, 'support-chat-unread-360');
    await player.setViewportSize(viewports.desktop);
    await marked.click();
    await expect.poll(() => panel.getByText(/деньги вернутся банком/).isVisible()).toBe(true);
    await panel.getByRole('button', { name: 'Закрыть чат' }).click();
    await expect
      .poll(() => player.getByRole('button', { name: 'Открыть чат поддержки' }).isVisible())
      .toBe(true);

    // Answered, the chat is under «Новые»; closing moves it to «Закрытые», where it is deleted.
    await admin.getByRole('tab', { name: /^Новые/ }).click();
    await admin.getByRole('button', { name: 'Закрыть чат Bandit_Kolya' }).click();
    await expect.poll(() => admin.getByText('Чат закрыт').first().isVisible()).toBe(true);
    await admin.getByRole('tab', { name: /^Закрытые/ }).click();
    await admin.setViewportSize(PHONE);
    await admin
      .getByRole('list', { name: 'Чаты' })
      .getByRole('button', { name: /^Bandit_Kolya/ })
      .click();
    await snapshot(admin, 'admin-chats-360');
    await admin.setViewportSize(viewports.desktop);
    await admin.getByRole('button', { name: 'Удалить чат Bandit_Kolya' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Удалить' }).click();
    await expect.poll(() => admin.getByText('Чат удален').first().isVisible()).toBe(true);
    await expect.poll(() => chats.getByRole('button', { name: /^Bandit_Kolya/ }).count()).toBe(0);
    expect(await chats.getByRole('button', { name: /^Ghost_404/ }).isVisible()).toBe(true);

    await playerContext.close();
    await adminContext.close();
  });

  it("wraps a player's long word or link inside the bubble, in the widget and in «Чаты», at 390 px", async () => {
    const word = `Проблема${'а'.repeat(320)}`;
    const link = `https://example.com/orders/${'0123456789'.repeat(30)}?from=shop`;

    const playerContext = await journey.browser.newContext({
      viewport: viewports.phone,
      locale: 'ru-RU',
    });
    const player = await playerContext.newPage();
    await signIn(player, journey.shop.url, 'Vasya Raider');
    await player.getByRole('button', { name: /^Открыть чат поддержки/ }).click();
    const panel = player.getByRole('dialog', { name: 'Техподдержка' });
    const input = panel.getByRole('textbox', { name: 'Сообщение' });
    for (const text of [word, link]) {
      await input.fill(text);
      await input.press('Enter');
      await expect.poll(() => panel.getByText(text, { exact: true }).isVisible()).toBe(true);
    }
    // Sent: the bubbles show the stored messages, not the ones still on their way.
    await expect.poll(() => panel.getByText('Отправка…').count()).toBe(0);
    const messages = panel.getByRole('list', { name: 'Сообщения' });
    expect(await widestPastList(messages)).toBe(0);
    expect(await sidewaysOverflow(player)).toBe(0);
    await snapshot(player, 'support-chat-long-word-390');
    await playerContext.close();

    const adminContext = await journey.browser.newContext({
      viewport: viewports.phone,
      locale: 'ru-RU',
    });
    const admin = await adminContext.newPage();
    await signIn(admin, journey.shop.url, 'Админ Демо');
    await admin.goto(`${journey.shop.url}/admin`);
    await admin.getByRole('tab', { name: 'Чаты' }).click();
    await admin
      .getByRole('list', { name: 'Чаты' })
      .getByRole('button', { name: /^Vasya Raider/ })
      .click();
    const conversation = admin.getByRole('region', { name: 'Переписка с Vasya Raider' });
    await expect.poll(() => conversation.getByText(link, { exact: true }).isVisible()).toBe(true);
    expect(await widestPastList(conversation.getByRole('list', { name: 'Сообщения' }))).toBe(0);
    expect(await sidewaysOverflow(admin)).toBe(0);
    await snapshot(admin, 'admin-chat-long-word-390');
    await adminContext.close();
  });
});
