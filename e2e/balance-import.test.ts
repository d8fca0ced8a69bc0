import { describe, expect, it } from 'vitest';
import { snapshot, viewports } from './support/browser';
import { signIn } from './support/journeys';
import { useShopAndBrowser } from './support/journey-setup';

const journey = useShopAndBrowser();

/** A balance file from another shop: `rows` players, every third with a note. */
function balanceFile(rows: number, first: bigint): string {
  const lines = ['steamId,amount,note'];
  for (let index = 0; index < rows; index += 1) {
    const steamId = String(first + BigInt(index));
    lines.push(`${steamId},${(index % 500) + 1}.50,${index % 3 === 0 ? 'Старый магазин' : ''}`);
  }
  return lines.join('\n');
}

describe('balances brought from another shop', () => {
  it('show their progress while they go through, and the same balances again credit nothing', async () => {
    const context = await journey.browser.newContext({ locale: 'ru-RU' });
    const page = await context.newPage();
    await signIn(page, journey.shop.url, 'Админ Демо');
    const files = [
      { viewport: viewports.phone, name: 'balance-import-390', first: 76561198200000000n },
      { viewport: viewports.desktop, name: 'balance-import-1280', first: 76561198300000000n },
    ];
    for (const { viewport, name, first } of files) {
      await page.setViewportSize(viewport);
      await page.goto(`${journey.shop.url}/admin`);
      await page.getByRole('tab', { name: 'Данные' }).click();
      const content = balanceFile(20_000, first);
      await page.getByLabel('Файл балансов (CSV)').setInputFiles({
        name: 'balances.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(content),
      });
      await expect
        .poll(() => page.getByText('Будет зачислено: 20 000').isVisible(), { timeout: 30_000 })
        .toBe(true);
      await page.getByRole('button', { name: 'Перенести балансы' }).click();
      const progress = page.getByRole('progressbar', { name: 'Перенос балансов' });
      await expect.poll(() => progress.isVisible(), { timeout: 30_000 }).toBe(true);
      await progress.scrollIntoViewIfNeeded();
      await snapshot(page, name);
      await expect
        .poll(() => page.getByText('Зачислено 20 000 игрокам').isVisible(), { timeout: 120_000 })
        .toBe(true);
      // The same balances, the header dropped and the rows the other way round: nothing to credit.
      const reordered = content.split('\n').slice(1).reverse().join('\n');
      await page.getByLabel('Файл балансов (CSV)').setInputFiles({
        name: 'balances-again.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(reordered),
      });
      await expect
        .poll(() => page.getByText('Будет зачислено: 0').isVisible(), { timeout: 30_000 })
        .toBe(true);
      expect(await page.getByRole('button', { name: 'Перенести балансы' }).isDisabled()).toBe(true);
    }
    await context.close();
  }, 600_000);
});
