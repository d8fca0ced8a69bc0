import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { startDataShop, type DataShop } from '../../test-support/data-shop';
import { exportCommand } from './export-command';
import { exportFiles } from './export-files';
import { exportZip } from './export-zip';

let data: DataShop;
const folder = mkdtempSync(path.join(tmpdir(), 'shop-export-'));

beforeAll(async () => {
  data = await startDataShop();
}, 60_000);
afterAll(async () => {
  await data.close();
  rmSync(folder, { recursive: true, force: true });
});

/** The CSV files of an export zip, as text, each without its byte-order mark. */
function filesOf(zip: Uint8Array): Record<string, string> {
  const files = unzipSync(zip);
  return Object.fromEntries(
    Object.entries(files)
      .filter(([name]) => name.endsWith('.csv'))
      .map(([name, bytes]) => {
        const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
        expect(text.startsWith('\uFEFF'), name).toBe(true);
        return [name, text.slice(1)];
      }),
  );
}

const rowsOf = (text: string) => text.split('\r\n').filter(Boolean);

describe('the export', () => {
  it('is a zip of CSV files with a header row each, for admins only, and journaled', async () => {
    const { shop, admin, players } = data;
    expect(
      (await shop.app.inject({ url: '/api/admin/export', headers: players[0]!.headers }))
        .statusCode,
    ).toBe(403);
    const reply = await shop.app.inject({ url: '/api/admin/export', headers: admin.headers });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/zip');
    expect(reply.headers['content-disposition']).toMatch(
      /^attachment; filename="shop-export-\d{4}-\d\d-\d\d\.zip"$/,
    );
    const files = filesOf(reply.rawPayload);
    expect(Object.keys(files).sort()).toEqual([
      'gifts.csv',
      'ledger.csv',
      'order_items.csv',
      'orders.csv',
      'payments.csv',
      'players.csv',
      'products.csv',
      'promo_activations.csv',
      'promocodes.csv',
      'receipts.csv',
    ]);
    for (const file of exportFiles) {
      expect(rowsOf(files[file.name]!)[0]).toBe(
        file.columns.map((column) => column.name).join(','),
      );
    }
    const journal = await shop.app.inject({ url: '/api/admin/audit', headers: admin.headers });
    expect(journal.json().entries[0]).toMatchObject({ action: 'data.export', actorId: admin.id });
  });

  it("carries the owner's settings and the pictures they show, byte for byte", async () => {
    const { shop, admin } = data;
    const all = unzipSync(
      (await shop.app.inject({ url: '/api/admin/export', headers: admin.headers })).rawPayload,
    );
    const settings = JSON.parse(new TextDecoder().decode(all['site/settings.json']));
    expect(settings.overrides).toMatchObject({
      name: 'Тайга',
      legal: { rules: expect.stringContaining('Правила «Тайги»') },
    });
    const { images } = (await shop.app.inject({ url: '/api/site' })).json();
    const logoName = String(images.logo).split('/').at(-1)!;
    const served = (await shop.app.inject({ url: images.logo })).rawPayload;
    expect(Buffer.from(all[`site/images/${logoName}`]!)).toEqual(served);
  });

  it('writes money as roubles, times in UTC, and names and notes exactly, safe from formulas', async () => {
    const { shop, admin, players, oddName } = data;
    const files = filesOf(
      (await shop.app.inject({ url: '/api/admin/export', headers: admin.headers })).rawPayload,
    );
    const alice = players[0]!;
    // 1000.55 funded, 3 × 12.50 bought, 12.50 of it refunded: 975.55.
    expect(rowsOf(files['players.csv']!)).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^${alice.steamId},Player \\d+,975\\.55,,,37\\.50,2,0\\.00,false,\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z,`,
        ),
      ),
    );
    const quoted = `"'${oddName.replaceAll('"', '""')}"`;
    expect(files['players.csv']).toContain(`76561198999999999,${quoted},0.00,`);
    const ledger = rowsOf(files['ledger.csv']!).slice(1);
    expect(ledger.filter((row) => row.includes(`,${alice.steamId},`))).toEqual([
      expect.stringMatching(/,adjustment,1000\.55,Тестовое пополнение,Администратор,completed,,$/),
      expect.stringMatching(/,purchase,-25\.00,/),
      expect.stringMatching(/,purchase,-12\.50,/),
      expect.stringMatching(/,refund,12\.50,/),
    ]);
    expect(rowsOf(files['orders.csv']!)).toHaveLength(4);
    expect(rowsOf(files['order_items.csv']!)).toHaveLength(4);
    expect(rowsOf(files['gifts.csv']!).slice(1)).toEqual([
      expect.stringMatching(
        new RegExp(
          `,${players[1]!.steamId},${players[2]!.steamId},"С вайпом! ""GL""",12\\.50,pending$`,
        ),
      ),
    ]);
    expect(rowsOf(files['promo_activations.csv']!).slice(1)).toEqual([
      expect.stringMatching(new RegExp(`^WIPE-50,${players[2]!.steamId},`)),
    ]);
    expect(rowsOf(files['products.csv']!)[1]).toMatch(
      /^\d+,Дерево «Ель»,resources,12\.50,wood,1000,,,,,,0,false,true,/,
    );
  });

  it('reads every file page by page from where the last page ended, each row once', async () => {
    const zipOf = async (pageRows?: number) => {
      const chunks: Uint8Array[] = [];
      for await (const chunk of exportZip(data.shop.app.db, pageRows)) chunks.push(chunk);
      return filesOf(Buffer.concat(chunks));
    };
    const whole = await zipOf();
    // Pages of two rows: a file of more rows goes on from its last page's key (the orders by time
    // and id, the players and the ledger by id), and must come out exactly as in one page.
    expect(rowsOf(whole['orders.csv']!).length).toBeGreaterThan(3);
    expect(await zipOf(2)).toEqual(whole);
  });

  it('is documented in the README, one line per column', () => {
    const readme = readFileSync(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../README.md'),
      'utf8',
    );
    for (const file of exportFiles) {
      expect(readme).toContain(`**${file.name}**: ${file.about}.`);
      for (const column of file.columns) {
        expect(readme).toContain(`\n- \`${column.name}\`: ${column.means}\n`);
      }
    }
  });

  it('is written to a file by npm run export, with the same files', async () => {
    const file = path.join(folder, 'shop.zip');
    const postgres = data.shop.database.url;
    // On the embedded database: a stopped shop's data folder, read in place (the running shop's
    // own export is in backup-schedule.test.ts).
    const dataDir = path.join(folder, 'data');
    if (!postgres) await (await openDatabase({ dataDir })).close();
    const written = await exportCommand(
      { ...data.shop.config, databaseUrl: postgres, dataDir },
      file,
    );
    expect(written.throughRunningShop).toBe(false);
    expect(Object.keys(filesOf(readFileSync(written.file))).sort()).toEqual(
      exportFiles.map((f) => f.name).sort(),
    );
  }, 60_000);
});
