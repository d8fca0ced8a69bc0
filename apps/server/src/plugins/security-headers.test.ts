import { afterAll, describe, expect, it } from 'vitest';
import { startFakeTelegram } from '../test-support/fake-telegram';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { fakeWebBuild } from '../test-support/web-root';
import { socketOrigin } from './security-headers';

const webRoot = fakeWebBuild({ 'index.html': '<!doctype html><div id="root"></div>' });

const shops: TestApp[] = [];
afterAll(async () => {
  for (const shop of shops) await shop.close();
});

/** The headers of a page the shop serves. */
async function pageHeaders(publicUrl: string, env: Record<string, string> = {}) {
  const shop = await createTestApp({ PUBLIC_URL: publicUrl, ...env }, { webRoot });
  shops.push(shop);
  const page = await shop.app.inject({ method: 'GET', url: '/shop' });
  expect(page.headers['content-type']).toContain('text/html');
  return page.headers;
}

/** A page's Content-Security-Policy as directive → sources. */
async function policyOf(publicUrl: string, env: Record<string, string> = {}) {
  const policy = String((await pageHeaders(publicUrl, env))['content-security-policy']);
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );
}

/** The sources of one directive of a page's Content-Security-Policy. */
async function directive(publicUrl: string, name: string): Promise<string[]> {
  const found = (await policyOf(publicUrl)).get(name);
  if (!found) throw new Error(`no ${name} in the policy`);
  return found;
}

describe("the page's connect-src", () => {
  it("is the shop's own origin and its own socket address, over http", async () => {
    expect(await directive('http://127.0.0.1:3000', 'connect-src')).toEqual([
      "'self'",
      'ws://127.0.0.1:3000',
    ]);
  });

  it('names the wss:// address behind https, and never any host at all', async () => {
    const sources = await directive('https://shop.example/', 'connect-src');
    expect(sources).toEqual(["'self'", 'wss://shop.example']);
    for (const anyHost of ['ws:', 'wss:', 'http:', 'https:', '*']) {
      expect(sources).not.toContain(anyHost);
    }
  });
});

describe('framing', () => {
  it("lets the shop's own pages frame a page (the panel's preview), and no other site", async () => {
    expect(await directive('http://127.0.0.1:3000', 'frame-ancestors')).toEqual(["'self'"]);
    expect((await pageHeaders('http://127.0.0.1:3000'))['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('never lets anything frame an API reply', async () => {
    const shop = await createTestApp({}, { webRoot });
    shops.push(shop);
    const reply = await shop.app.inject({ method: 'GET', url: '/api/site' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(reply.headers['x-frame-options']).toBe('DENY');
  });
});

describe("Telegram's Login Widget", () => {
  it('is allowed (its script and its frame, nothing more of Telegram) once a real bot is set up', async () => {
    const telegram = await startFakeTelegram();
    try {
      const policy = await policyOf('http://127.0.0.1:3000', telegram.env);
      expect(policy.get('script-src')).toContain('https://telegram.org');
      expect(policy.get('script-src')).not.toContain('https://oauth.telegram.org');
      // Same-origin frames stay allowed: the panel's preview frames the shop's own pages.
      expect(policy.get('frame-src')).toEqual(["'self'", 'https://oauth.telegram.org']);
      expect(policy.get('connect-src')).toEqual(["'self'", 'ws://127.0.0.1:3000']);
      expect(policy.get('default-src')).toEqual(["'self'"]);
    } finally {
      await telegram.close();
    }
  });

  it("stays out of the policy without a bot, and with the demo's stand-in bot", async () => {
    for (const env of [{}, { DEMO: '1' }] as Record<string, string>[]) {
      const policy = await policyOf('http://127.0.0.1:3000', env);
      expect(policy.get('script-src')?.join(' ')).not.toContain('telegram.org');
      expect(policy.has('frame-src')).toBe(false);
      expect(policy.get('default-src')).toEqual(["'self'"]);
    }
  });
});

describe('socketOrigin', () => {
  it("keeps PUBLIC_URL's host and port and drops any path", () => {
    expect(socketOrigin('http://localhost:3000')).toBe('ws://localhost:3000');
    expect(socketOrigin('https://shop.example:8443/store')).toBe('wss://shop.example:8443');
    expect(socketOrigin('https://shop.example')).toBe('wss://shop.example');
  });
});
