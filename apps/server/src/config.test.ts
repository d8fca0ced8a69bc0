import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEMO_ADMIN_STEAM_ID,
  DEMO_SECRETS,
  DEMO_STEAM_API_KEY,
  DEVELOPMENT_AUDIT_KEY,
  loadConfig,
} from './config';

const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://shop.example',
  DATABASE_URL: 'postgres://shop@db/shop',
  ADMIN_STEAM_IDS: '76561198000000001',
  FREEKASSA_SHOP_ID: '12345',
  FREEKASSA_SECRET1: 'real-secret-1',
  FREEKASSA_SECRET2: 'real-secret-2',
  FREEKASSA_API_KEY: 'real-api-key',
  AUDIT_KEY: 'real-audit-key-of-at-least-32-characters',
};

function refusal(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('configuration was accepted');
}

describe('configuration', () => {
  it('runs the demo when asked with DEMO=1 and no other variable', () => {
    const config = loadConfig({ DEMO: '1' });
    expect(config.demo).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.adminSteamIds.has(DEMO_ADMIN_STEAM_ID)).toBe(true);
    expect(config.steam.openidUrl).toBe('http://localhost:3000/api/demo/steam/openid/login');
    expect(config.freekassa?.payUrl).toBe('http://localhost:3000/api/demo/freekassa/pay');
  });

  it('is no demo unless asked: the real Steam and FreeKassa, whatever NODE_ENV says', () => {
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      const config = loadConfig({ NODE_ENV });
      expect(config.demo).toBe(false);
      expect(config.steam.openidUrl).toBe('https://steamcommunity.com/openid/login');
      expect(config.freekassa?.payUrl).toBe('https://pay.fk.money/');
      expect(config.adminSteamIds.size).toBe(0);
    }
  });

  it.each([
    ['FREEKASSA_SHOP_ID', '12345'],
    ['FREEKASSA_SECRET1', 'real-secret-1'],
    ['FREEKASSA_SECRET2', 'real-secret-2'],
    ['FREEKASSA_API_KEY', 'real-api-key'],
    ['STEAM_API_KEY', 'ABCDEF0123456789'],
  ])('refuses DEMO=1 beside a real provider setting (%s) and names it', (name, value) => {
    for (const NODE_ENV of ['development', 'test']) {
      const message = refusal({ NODE_ENV, DEMO: '1', [name]: value });
      expect(message).toContain('DEMO=1');
      expect(message).toContain(name);
      expect(message).not.toContain(value);
    }
  });

  it('keeps demo mode with the demo values themselves', () => {
    expect(loadConfig({ DEMO: '1', FREEKASSA_SECRET1: 'demo-secret-1' }).demo).toBe(true);
  });

  it.each([
    ['FREEKASSA_SHOP_ID', DEMO_SECRETS.FREEKASSA_SHOP_ID],
    ['FREEKASSA_SECRET1', DEMO_SECRETS.FREEKASSA_SECRET1],
    ['FREEKASSA_SECRET2', DEMO_SECRETS.FREEKASSA_SECRET2],
    ['FREEKASSA_API_KEY', DEMO_SECRETS.FREEKASSA_API_KEY],
    ['STEAM_API_KEY', DEMO_STEAM_API_KEY],
  ])(
    'refuses the published demo value of %s without DEMO=1, outside production too',
    (name, value) => {
      for (const NODE_ENV of [undefined, 'development', 'test']) {
        for (const DEMO of [undefined, '0']) {
          const message = refusal({ NODE_ENV, DEMO, [name]: value });
          expect(message).toContain(name);
          expect(message).toContain('DEMO=1');
        }
      }
      expect(refusal({ ...production, [name]: value })).toContain(name);
    },
  );

  it('names every demo value it finds at once', () => {
    const message = refusal({ FREEKASSA_SECRET2: 'demo-secret-2', STEAM_API_KEY: 'demo' });
    expect(message).toContain('FREEKASSA_SECRET2');
    expect(message).toContain('STEAM_API_KEY');
  });

  it('never falls back to the demo secrets outside demo mode: unset ones are random and unknown', () => {
    const first = loadConfig({ NODE_ENV: 'development' }).freekassa!;
    const second = loadConfig({ NODE_ENV: 'test' }).freekassa!;
    for (const name of ['secret1', 'secret2', 'apiKey'] as const) {
      expect(Object.values(DEMO_SECRETS)).not.toContain(first[name]);
      expect(first[name]).toMatch(/^[0-9a-f]{64}$/);
      expect(first[name]).not.toBe(second[name]);
    }
    expect(first.shopId).not.toBe(DEMO_SECRETS.FREEKASSA_SHOP_ID);
    expect(loadConfig({ NODE_ENV: 'development' }).steam.apiKey).toBeUndefined();
    // Demo mode keeps its published values: its stand-ins sign with them.
    expect(loadConfig({ DEMO: '1' }).freekassa?.secret2).toBe(DEMO_SECRETS.FREEKASSA_SECRET2);
  });

  it('accepts a complete production configuration and talks to the real Steam', () => {
    const config = loadConfig(production);
    expect(config.demo).toBe(false);
    expect(config.steam.openidUrl).toBe('https://steamcommunity.com/openid/login');
    expect(config.steam.apiUrl).toBe('https://api.steampowered.com');
    expect([...config.adminSteamIds]).toEqual(['76561198000000001']);
  });

  it('refuses DEMO=1 in production', () => {
    expect(refusal({ ...production, DEMO: '1' })).toContain('DEMO');
  });

  it.each(['FREEKASSA_SECRET1', 'FREEKASSA_SECRET2', 'FREEKASSA_API_KEY', 'FREEKASSA_SHOP_ID'])(
    'names %s when production is left with its demo value, or without it beside the other three',
    (name) => {
      const demoValues: Record<string, string> = {
        FREEKASSA_SHOP_ID: '9999999',
        FREEKASSA_SECRET1: 'demo-secret-1',
        FREEKASSA_SECRET2: 'demo-secret-2',
        FREEKASSA_API_KEY: 'demo-api-key',
      };
      expect(refusal({ ...production, [name]: demoValues[name] })).toContain(name);
      expect(refusal({ ...production, [name]: undefined })).toContain(name);
    },
  );

  it('requires an admin in production and checks admin ids are Steam ids', () => {
    expect(refusal({ ...production, ADMIN_STEAM_IDS: undefined })).toContain('ADMIN_STEAM_IDS');
    expect(refusal({ ...production, ADMIN_STEAM_IDS: '42' })).toContain('ADMIN_STEAM_IDS');
  });

  it('requires its own AUDIT_KEY in production, and leaves the published one to the demo', () => {
    expect(refusal({ ...production, AUDIT_KEY: undefined })).toContain('AUDIT_KEY');
    expect(refusal({ ...production, AUDIT_KEY: DEVELOPMENT_AUDIT_KEY })).toContain('AUDIT_KEY');
    expect(refusal({ ...production, AUDIT_KEY: 'short' })).toContain('AUDIT_KEY');
    expect(loadConfig(production).auditKey).toBe(production.AUDIT_KEY);
    expect(loadConfig({ DEMO: '1' }).auditKey).toBe(DEVELOPMENT_AUDIT_KEY);
    expect(refusal({ NODE_ENV: 'development', AUDIT_KEY: DEVELOPMENT_AUDIT_KEY })).toContain(
      "AUDIT_KEY is the demo's published value",
    );
  });

  it('makes a development shop its own journal key once, kept in DATA_DIR for its account only', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-audit-key-'));
    const other = mkdtempSync(path.join(tmpdir(), 'shop-audit-key-'));
    try {
      const first = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }).auditKey;
      expect(first).not.toBe(DEVELOPMENT_AUDIT_KEY);
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      const file = path.join(dataDir, 'audit-key');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      // The same after a restart and in its commands, so its journal verifies; another shop's differs.
      expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }).auditKey).toBe(first);
      expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: other }).auditKey).not.toBe(first);
      expect(readFileSync(file, 'utf8').trim()).toBe(first);
      // A folder that cannot keep one: refused, naming the way out.
      const blocked = path.join(other, 'not-a-folder');
      writeFileSync(blocked, 'a file where the folder should be');
      expect(refusal({ NODE_ENV: 'development', DATA_DIR: blocked })).toContain('set AUDIT_KEY');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('names the variable of a malformed value', () => {
    expect(refusal({ PORT: 'eighty' })).toContain('PORT');
    expect(refusal({ DATABASE_URL: 'mysql://x' })).toContain('DATABASE_URL');
    expect(refusal({ PUBLIC_URL: 'not a url' })).toContain('PUBLIC_URL');
  });

  it('counts calendar days in Moscow unless SHOP_TIMEZONE names another real zone', () => {
    expect(loadConfig({}).shopTimeZone).toBe('Europe/Moscow');
    expect(loadConfig({ SHOP_TIMEZONE: 'Asia/Yekaterinburg' }).shopTimeZone).toBe(
      'Asia/Yekaterinburg',
    );
    expect(refusal({ SHOP_TIMEZONE: 'Mars/Olympus' })).toContain('SHOP_TIMEZONE');
    expect(refusal({ SHOP_TIMEZONE: "UTC'; drop table users; --" })).toContain('SHOP_TIMEZONE');
  });

  it('warns of a wipe 3 hours ahead unless WIPE_WARN_HOURS says otherwise (0: never)', () => {
    expect(loadConfig({}).wipeWarnHours).toBe(3);
    expect(loadConfig({ WIPE_WARN_HOURS: '12' }).wipeWarnHours).toBe(12);
    expect(loadConfig({ WIPE_WARN_HOURS: '0' }).wipeWarnHours).toBe(0);
    for (const bad of ['-1', '2.5', '721', 'soon']) {
      expect(refusal({ WIPE_WARN_HOURS: bad })).toContain('WIPE_WARN_HOURS');
    }
  });

  it('takes the leader retry interval in whole seconds up to 10, and a safe Redis key prefix', () => {
    expect(loadConfig({}).leaderRetryMs).toBe(5_000);
    expect(loadConfig({ LEADER_RETRY_SECONDS: '1' }).leaderRetryMs).toBe(1_000);
    for (const bad of ['0', '11', '2.5', 'soon']) {
      expect(refusal({ LEADER_RETRY_SECONDS: bad })).toContain('LEADER_RETRY_SECONDS');
    }
    expect(loadConfig({}).redisKeyPrefix).toBe('shop:');
    expect(loadConfig({ REDIS_KEY_PREFIX: 'eu-1:shop:' }).redisKeyPrefix).toBe('eu-1:shop:');
    for (const bad of ['', 'two words', 'a*', 'x'.repeat(41)]) {
      expect(refusal({ REDIS_KEY_PREFIX: bad })).toContain('REDIS_KEY_PREFIX');
    }
  });

  it('backs up every 24 hours on the embedded database, not on PostgreSQL unless asked', () => {
    expect(loadConfig({}).backups).toEqual({ everyHours: 24, keep: 14 });
    const postgres = { DATABASE_URL: 'postgres://shop@db/shop' };
    expect(loadConfig(postgres).backups.everyHours).toBe(0);
    expect(loadConfig({ ...postgres, BACKUP_EVERY_HOURS: '6' }).backups.everyHours).toBe(6);
    expect(loadConfig({ BACKUP_EVERY_HOURS: '0', BACKUP_KEEP: '3' }).backups).toEqual({
      everyHours: 0,
      keep: 3,
    });
    for (const bad of ['-1', '1.5', 'daily']) {
      expect(refusal({ BACKUP_EVERY_HOURS: bad })).toContain('BACKUP_EVERY_HOURS');
    }
    for (const bad of ['0', 'all']) expect(refusal({ BACKUP_KEEP: bad })).toContain('BACKUP_KEEP');
  });

  it('ends sessions after 14 idle days unless SESSION_IDLE_DAYS says otherwise', () => {
    expect(loadConfig({}).sessionIdleDays).toBe(14);
    expect(loadConfig({ SESSION_IDLE_DAYS: '3' }).sessionIdleDays).toBe(3);
    for (const bad of ['0', '-1', '1.5', '366', 'week']) {
      expect(refusal({ SESSION_IDLE_DAYS: bad })).toContain('SESSION_IDLE_DAYS');
    }
  });

  it('refuses a production PUBLIC_URL with a path, since the shop is served from the root', () => {
    expect(refusal({ ...production, PUBLIC_URL: 'https://shop.example/shop' })).toContain(
      'PUBLIC_URL: must be the address alone, without a path',
    );
    expect(refusal({ ...production, PUBLIC_URL: 'https://shop.example/?a=1' })).toContain(
      'PUBLIC_URL',
    );
  });

  it('names an empty AUDIT_KEY once, with a fix that works in a .env file', () => {
    const message = refusal({ ...production, AUDIT_KEY: '' });
    expect(message.match(/AUDIT_KEY:/g)).toHaveLength(1);
    expect(message).toContain('AUDIT_KEY=<the 64 characters it printed>');
    expect(message).not.toContain('$(');
  });

  it('trims a trailing slash from PUBLIC_URL so built links have no double slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example/' }).publicUrl).toBe(
      'https://shop.example',
    );
  });
});
