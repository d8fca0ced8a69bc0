import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../build';
import { SERVER_ROOT } from './paths';
import { SHIPPED_ITEM_TABLE } from './modules/catalog/shipped-items';

const outdir = path.join(SERVER_ROOT, `dist-test-${process.pid}`);
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-built-'));
const RELEASE = (
  JSON.parse(readFileSync(path.join(SERVER_ROOT, '../../package.json'), 'utf8')) as {
    version: string;
  }
).version;
const env = { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };

beforeAll(() => buildServer(outdir), 60_000);
afterAll(() => {
  rmSync(outdir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('the built server, as production runs it with plain node', () => {
  it('imports the item table into a fresh embedded database, then serves on it in Russian and stops cleanly', async () => {
    const items = (JSON.parse(readFileSync(SHIPPED_ITEM_TABLE, 'utf8')) as unknown[]).length;
    const imported = await promisify(execFile)(
      process.execPath,
      [path.join(outdir, 'import-items.js'), SHIPPED_ITEM_TABLE],
      { env },
    );
    expect(imported.stdout).toContain(`Imported ${items} items; the table now holds ${items}.`);

    const port = await freePort();
    const shop = spawn(process.execPath, ['--enable-source-maps', path.join(outdir, 'server.js')], {
      env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => shop.once('exit', resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        let output = '';
        shop.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('Shop is running')) resolve();
        });
        void exited.then((code) => reject(new Error(`the shop exited (${code}): ${output}`)));
      });
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      // What an uptime monitor reads (README «Мониторинг»): the embedded database answering, and
      // the release from the repository's package.json, which the bundle must find as well.
      expect(await health.json()).toMatchObject({
        status: 'ok',
        version: RELEASE,
        database: { kind: 'pglite', status: 'ok' },
        redis: 'off',
        leader: true,
        restoredCopy: false,
      });
      // zod's own messages are Russian in the bundle too: its locale is a side effect of @shop/shared.
      const bad = await fetch(`http://127.0.0.1:${port}/api/auth/exchange`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(bad.status).toBe(400);
      const { message } = (await bad.json()) as { message: string };
      expect(message).toMatch(/[а-яё]/i);
      expect(message).not.toMatch(/Invalid input/);
    } finally {
      shop.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 120_000);
});
