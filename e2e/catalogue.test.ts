import { describe, expect, it } from 'vitest';
import { snapshot, viewports } from './support/browser';
import { signIn } from './support/journeys';
import { useShopAndBrowser } from './support/journey-setup';

const journey = useShopAndBrowser();

const CLASSIC = 'RUSTY | Classic x2';

describe('catalogue', () => {
  it('lets the admin create a product through the item picker for one server', async () => {
    const context = await journey.browser.newContext({
      viewport: viewports.desktop,
      locale: 'ru-RU',
    });
    const page = await context.newPage();
    await signIn(page, journey.shop.url, 'Админ Демо');
    await page.goto(`${journey.shop.url}/admin`);
    await page.getByRole('tab', { name: 'Товары' }).click();
    await page.getByRole('button', { name: 'Добавить товар' }).click();
    const form = page.getByRole('dialog', { name: 'Добавить товар' });
    await form.getByRole('button', { name: 'Выбрать предмет' }).click();

    const picker = page.getByRole('dialog', { name: 'Выбрать предмет' });
    await picker.getByLabel('Поиск предмета по названию или ID').fill('hazmat');
    await picker.getByRole('button', { name: /— hazmatsuit,/ }).click();
    await expect
      .poll(() => form.getByLabel('Игровое название (shortname)').inputValue())
      .toBe('hazmatsuit');
    await expect.poll(() => form.getByLabel('Название', { exact: true }).inputValue()).not.toBe('');

    await form.getByLabel('Название', { exact: true }).fill('Химза для рейдов');
    await form.getByLabel('Цена, ₽').fill('55');
    await form.getByLabel('Описание').fill('Костюм химзащиты: заходите на радиационные монументы');
    await form.getByRole('combobox', { name: 'Сервер' }).click();
    await page.getByRole('option', { name: CLASSIC }).click();
    await snapshot(page, 'admin-product-form-1280');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(() => page.getByText('Товар добавлен').isVisible()).toBe(true);
    await context.close();
  });

  it('lets a player find it by search, category and server', async () => {
    const context = await journey.browser.newContext({
      viewport: viewports.phone,
      locale: 'ru-RU',
    });
    const page = await context.newPage();
    await signIn(page, journey.shop.url, 'Vasya Raider');
    await page.goto(`${journey.shop.url}/shop`);
    const product = page.getByRole('article', { name: 'Химза для рейдов' });
    await expect.poll(() => product.isVisible()).toBe(true);

    await page.getByLabel('Поиск товаров').fill('МОНУМЕНТ');
    await expect.poll(() => product.isVisible()).toBe(true);
    expect(await page.getByRole('article', { name: 'Штурмовая винтовка' }).count()).toBe(0);
    await page.getByLabel('Поиск товаров').fill('');

    await page.getByRole('combobox', { name: 'Категория' }).selectOption({ label: 'Оружие' });
    await expect
      .poll(() => page.getByRole('article', { name: 'Штурмовая винтовка' }).isVisible())
      .toBe(true);
    expect(await product.count()).toBe(0);
    await page.getByRole('combobox', { name: 'Категория' }).selectOption({ label: 'Одежда' });
    await expect.poll(() => product.isVisible()).toBe(true);

    await page
      .getByRole('combobox', { name: 'Сервер' })
      .selectOption({ label: 'RUSTY | Solo/Duo/Trio x3' });
    await expect.poll(() => product.count()).toBe(0);
    await page.getByRole('combobox', { name: 'Сервер' }).selectOption({ label: CLASSIC });
    await expect.poll(() => product.isVisible()).toBe(true);
    await snapshot(page, 'shop-filtered-390');
    await context.close();
  });

  it('shows a signed-out visitor the texts of the specification instead of products', async () => {
    const context = await journey.browser.newContext({
      viewport: viewports.desktop,
      locale: 'ru-RU',
    });
    const page = await context.newPage();
    await page.goto(`${journey.shop.url}/shop`);
    await expect
      .poll(() => page.getByText('Войдите в аккаунт для просмотра товаров').isVisible())
      .toBe(true);
    await expect
      .poll(() =>
        page.getByText('Некоторые товары доступны только авторизованным пользователям').isVisible(),
      )
      .toBe(true);
    expect(await page.getByRole('article').count()).toBe(0);
    // The support chat floats on every page; a guest who presses it is asked to sign in.
    await page.getByRole('button', { name: 'Открыть чат поддержки' }).click();
    await expect.poll(() => page.getByText('Требуется авторизация').isVisible()).toBe(true);
    await expect
      .poll(() =>
        page.getByText('Пожалуйста, войдите в систему, чтобы использовать чат.').isVisible(),
      )
      .toBe(true);
    expect(await page.getByRole('dialog', { name: 'Техподдержка' }).count()).toBe(0);
    await context.close();
  });
});
