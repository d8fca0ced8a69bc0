import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { loggerOptions } from '../../logging';
import { startProviderShop, type ProviderShop } from '../../test-support/provider-shop';
import { waitUntil } from '../../test-support/wait-until';

/**
 * What an owner who mistyped YOOKASSA_SECRET_KEY reads in the log: the 5-minute reconciliation
 * (every 200 ms here) says which provider refused the credentials and what to check, on one line,
 * every time, with no stack trace in it.
 */
let providers: ProviderShop;
const lines: Array<Record<string, unknown>> = [];
beforeAll(async () => {
  const destination = new PassThrough();
  let rest = '';
  destination.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString()).split('\n');
    rest = parts.pop() ?? '';
    for (const part of parts) if (part) lines.push(JSON.parse(part) as Record<string, unknown>);
  });
  providers = await startProviderShop(
    { YOOKASSA_SECRET_KEY: 'test_mistyped_secret_key_00000' },
    {
      reconcileIntervalMs: 200,
      logger: loggerOptions(loadConfig({ LOG_LEVEL: 'warn' }), destination),
    },
  );
});
afterAll(async () => providers?.close());

describe('reconciliation with credentials the provider refuses', () => {
  it('names the provider and the fix on one line, without a stack trace', async () => {
    const refused = () =>
      lines.filter(
        (line) => line.provider === 'yookassa' && String(line.msg).startsWith('reconciliation'),
      );
    await waitUntil(() => refused().length >= 2, { timeoutMs: 20_000 });
    for (const line of refused()) {
      expect(line).toMatchObject({
        level: 40,
        reason: 'unauthorized',
        msg: "reconciliation of refunds failed: the provider refused the shop's credentials: check its settings",
      });
      expect(JSON.stringify(line)).not.toMatch(/stack|at .*\.ts:\d+/);
      expect(JSON.stringify(line)).not.toContain('test_mistyped_secret_key');
    }
    // The providers whose credentials are right are not named.
    expect(lines.some((line) => line.provider === 'cryptopay')).toBe(false);
  });
});
