import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from './paths';

/**
 * The server as an operator starts it, from a folder of its own: a production start that lacks
 * settings names every one at once with its fix, and the `.env` of the folder it starts from counts.
 */
const run = promisify(execFile);
const tsx = path.resolve(SERVER_ROOT, '../../node_modules/.bin/tsx');
const server = path.join(SERVER_ROOT, 'src/server.ts');
const folder = mkdtempSync(path.join(tmpdir(), 'shop-start-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function start(env: Record<string, string>, cwd = folder) {
  try {
    await run(tsx, [server], {
      cwd,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: path.join(folder, 'data'), ...env },
      timeout: 60_000,
    });
    throw new Error('the shop started');
  } catch (error) {
    const { code, stderr } = error as { code?: number; stderr?: string };
    return { code, stderr: stderr ?? '' };
  }
}

describe('a start with settings missing', () => {
  it('names every missing setting at once, each with how to fix it, and exits 1', async () => {
    const { code, stderr } = await start({ NODE_ENV: 'production' });
    expect(code).toBe(1);
    expect(stderr).toContain('Refusing to start.');
    // Every one named in the one message, each with its fix; any one payment provider will do.
    expect(stderr).toMatch(/PUBLIC_URL: required in production — set the address players open/);
    expect(stderr).toMatch(/ADMIN_STEAM_IDS: required in production — set your SteamID64/);
    expect(stderr).toMatch(/AUDIT_KEY: required in production — .*openssl rand -hex 32/);
    expect(stderr).toMatch(/Payment provider: none is set up.*FreeKassa.*YooKassa.*Crypto Pay/);
    expect(stderr).not.toContain('FREEKASSA_SECRET2: required');
    expect(stderr).not.toMatch(/at .*\.ts:\d+/);
  }, 90_000);

  it('reads .env in the folder it starts from; the environment wins over it', async () => {
    writeFileSync(
      path.join(folder, '.env'),
      [
        'NODE_ENV=production',
        'PUBLIC_URL=http://shop.example.com',
        'ADMIN_STEAM_IDS=76561198000000001',
        `AUDIT_KEY=${'k'.repeat(40)}`,
      ].join('\n'),
    );
    const { code, stderr } = await start({ ADMIN_STEAM_IDS: 'not-an-id' });
    expect(code).toBe(1);
    // From .env: production, and a PUBLIC_URL that must be https.
    expect(stderr).toMatch(/PUBLIC_URL: must be https:\/\/ in production/);
    expect(stderr).not.toContain('AUDIT_KEY');
    expect(stderr).toContain('Payment provider: none is set up');
    // The environment's ADMIN_STEAM_IDS, not the file's.
    expect(stderr).toContain('not-an-id');
  }, 90_000);
});

describe('a start on a port another program holds', () => {
  it('says which address is taken and what to do, without a stack trace, and exits 1', async () => {
    const own = mkdtempSync(path.join(tmpdir(), 'shop-start-port-'));
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as { port: number };
    try {
      const { code, stderr } = await start(
        {
          NODE_ENV: 'development',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: path.join(own, 'data'),
          LOG_LEVEL: 'warn',
        },
        own,
      );
      expect(code).toBe(1);
      expect(stderr).toContain(
        `Refusing to start. 127.0.0.1:${port} is already in use by another program`,
      );
      expect(stderr).not.toContain('unhandled rejection');
      expect(stderr).not.toMatch(/at .*\.ts:\d+/);
    } finally {
      holder.close();
      rmSync(own, { recursive: true, force: true });
    }
  }, 90_000);
});
