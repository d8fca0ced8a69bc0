import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { sessionToken, signIn } from './journeys';

/**
 * The shop's API called as a journey's setup calls it, with a session's token: a write carries a
 * fresh Idempotency-Key, as the web app's would, and anything but success throws with the reply.
 */
export async function callShop<T>(
  shopUrl: string,
  token: string,
  path: string,
  method = 'GET',
  body?: unknown,
): Promise<T> {
  const reply = await fetch(`${shopUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined
        ? {}
        : { 'content-type': 'application/json', 'idempotency-key': randomUUID() }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${await reply.text()}`);
  return (await reply.json()) as T;
}

/** A demo account's session token, signed in in a browser context of its own and closed again. */
export async function tokenOf(browser: Browser, shopUrl: string, account: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, shopUrl, account);
  const token = await sessionToken(page);
  await context.close();
  if (!token) throw new Error(`${account} got no session`);
  return token;
}
