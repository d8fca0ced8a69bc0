import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { fakeWebBuild } from '../test-support/web-root';
import { socketOrigin } from './security-headers';

const webRoot = fakeWebBuild({ 'index.html': '<!doctype html><div id="root"></div>' });

const shops: TestApp[] = [];
afterAll(async () => {
  for (const shop of shops) await shop.close();
});

/** The sources of one directive of a page's Content-Security-Policy. */
async function directive(publicUrl: string, name: string): Promise<string[]> {
  const shop = await createTestApp({ PUBLIC_URL: publicUrl }, { webRoot });
  shops.push(shop);
  const page = await shop.app.inject({ method: 'GET', url: '/shop' });
  expect(page.headers['content-type']).toContain('text/html');
  const policy = String(page.headers['content-security-policy']);
  const found = policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  if (!found) throw new Error(`no ${name} in ${policy}`);
  return found.slice(1);
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

describe('socketOrigin', () => {
  it("keeps PUBLIC_URL's host and port and drops any path", () => {
    expect(socketOrigin('http://localhost:3000')).toBe('ws://localhost:3000');
    expect(socketOrigin('https://shop.example:8443/store')).toBe('wss://shop.example:8443');
    expect(socketOrigin('https://shop.example')).toBe('wss://shop.example');
  });
});
