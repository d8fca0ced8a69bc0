import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient, NETWORK_ERROR_MESSAGE } from './api-client';
import { rateLimitDelay } from './api-retry';
import { json, serve } from './test-api-server';
import { createMemoryTokenStorage } from './token-storage';

function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('api client', () => {
  it('sends JSON with the stored Bearer token and parses the JSON reply', async () => {
    const seen: { auth?: string; type?: string; body?: string; url?: string; method?: string } = {};
    const baseUrl = await serve((req, res, body) => {
      Object.assign(seen, {
        auth: req.headers.authorization,
        type: req.headers['content-type'],
        body,
        url: req.url,
        method: req.method,
      });
      json(res, 200, { success: true, url: 'https://pay.example/1' });
    });
    const client = createApiClient({ baseUrl, tokenStorage: createMemoryTokenStorage('tok-1') });

    const reply = await client.post('/payments/create', { amount: 100, method: 'kassa' });

    expect(reply).toEqual({ success: true, url: 'https://pay.example/1' });
    expect(seen).toEqual({
      auth: 'Bearer tok-1',
      type: 'application/json',
      body: JSON.stringify({ amount: 100, method: 'kassa' }),
      url: '/api/payments/create',
      method: 'POST',
    });
  });

  it('sends no Authorization header without a token', async () => {
    let auth: string | undefined = 'unset';
    const baseUrl = await serve((req, res) => {
      auth = req.headers.authorization;
      json(res, 200, []);
    });
    await createApiClient({ baseUrl, tokenStorage: createMemoryTokenStorage() }).get('/servers');
    expect(auth).toBeUndefined();
  });

  it('keeps at most three requests in flight and queues the rest', async () => {
    let active = 0;
    let peak = 0;
    let served = 0;
    const held: Array<() => void> = [];
    const baseUrl = await serve((_req, res) => {
      active += 1;
      peak = Math.max(peak, active);
      held.push(() => {
        active -= 1;
        served += 1;
        json(res, 200, { n: served });
      });
    });
    const client = createApiClient({ baseUrl, tokenStorage: createMemoryTokenStorage() });

    const all = Promise.all(Array.from({ length: 7 }, (_, i) => client.get(`/items/${i}`)));
    // Release replies one at a time, only after the server has seen a full set of three.
    while (served < 7) {
      await expect.poll(() => held.length, { timeout: 5_000 }).toBeGreaterThan(0);
      expect(active).toBeLessThanOrEqual(3);
      if (served <= 4)
        await expect.poll(() => active, { timeout: 5_000 }).toBe(Math.min(3, 7 - served));
      held.shift()?.();
    }

    expect(await all).toHaveLength(7);
    expect(peak).toBe(3);
    expect(client.inFlight).toBe(0);
  });

  it('retries a 429 three times waiting 1 s, 2 s, 4 s and then succeeds', async () => {
    let hits = 0;
    const baseUrl = await serve((_req, res) => {
      hits += 1;
      if (hits <= 3)
        json(res, 429, {
          error: 'rate_limited',
          message: 'Слишком много запросов, попробуйте позже',
        });
      else json(res, 200, { ok: true });
    });
    const { waits, sleep } = recordingSleep();
    const client = createApiClient({ baseUrl, sleep, tokenStorage: createMemoryTokenStorage() });

    await expect(client.get('/promocodes')).resolves.toEqual({ ok: true });
    expect(hits).toBe(4);
    expect(waits).toEqual([1_000, 2_000, 4_000]);
  });

  it('gives up after three 429 retries with the server message', async () => {
    let hits = 0;
    const baseUrl = await serve((_req, res) => {
      hits += 1;
      json(res, 429, {
        error: 'rate_limited',
        message: 'Слишком много запросов, попробуйте позже',
      });
    });
    const { waits, sleep } = recordingSleep();
    const client = createApiClient({ baseUrl, sleep, tokenStorage: createMemoryTokenStorage() });

    const error = await client
      .post('/promocodes/activate', { code: 'ABCD' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(429);
    expect((error as ApiError).message).toBe('Слишком много запросов, попробуйте позже');
    expect(hits).toBe(4);
    expect(waits).toEqual([1_000, 2_000, 4_000]);
  });

  it('honours Retry-After but never waits longer than 5 s', async () => {
    const answers = ['2', '30'];
    let hits = 0;
    const baseUrl = await serve((_req, res) => {
      hits += 1;
      const retryAfter = answers[hits - 1];
      if (retryAfter)
        json(res, 429, { error: 'rate_limited', message: 'x' }, { 'Retry-After': retryAfter });
      else json(res, 200, {});
    });
    const { waits, sleep } = recordingSleep();
    await createApiClient({ baseUrl, sleep, tokenStorage: createMemoryTokenStorage() }).get('/x');
    expect(waits).toEqual([2_000, 5_000]);
    expect(rateLimitDelay(0, new Date(Date.now() + 60_000).toUTCString())).toBe(5_000);
    expect(rateLimitDelay(1, 'garbage')).toBe(2_000);
  });

  it('retries a dropped connection twice, after 1 s and 2 s', async () => {
    let hits = 0;
    const baseUrl = await serve((req, res) => {
      hits += 1;
      if (hits <= 2) req.socket.destroy();
      else json(res, 200, { recovered: true });
    });
    const { waits, sleep } = recordingSleep();
    const client = createApiClient({ baseUrl, sleep, tokenStorage: createMemoryTokenStorage() });

    await expect(client.get('/servers')).resolves.toEqual({ recovered: true });
    expect(hits).toBe(3);
    expect(waits).toEqual([1_000, 2_000]);
  });

  it('never sends a POST again after a dropped connection unless it carries an Idempotency-Key', async () => {
    let hits = 0;
    const baseUrl = await serve((req) => {
      hits += 1;
      req.socket.destroy();
    });
    const { waits, sleep } = recordingSleep();
    const client = createApiClient({ baseUrl, sleep, tokenStorage: createMemoryTokenStorage() });

    const error = await client.post('/cart', { productId: 1 }).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(0);
    expect(hits).toBe(1);
    expect(waits).toEqual([]);
  });

  it('sends a money call with one key on every retry and on the repeat of an unanswered action', async () => {
    const keys: Array<string | undefined> = [];
    let answer = false;
    const baseUrl = await serve((req, res) => {
      keys.push(req.headers['idempotency-key'] as string | undefined);
      if (answer) json(res, 200, { success: true });
      else req.socket.destroy();
    });
    const { sleep } = recordingSleep();
    const client = createApiClient({ baseUrl, sleep, tokenStorage: createMemoryTokenStorage() });
    const buy = () => client.post('/purchase', { productId: 1 }, { idempotent: true });

    await expect(buy()).rejects.toBeInstanceOf(ApiError);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(1);

    // The player presses the same button again: the same action, so the same key.
    answer = true;
    await expect(buy()).resolves.toEqual({ success: true });
    expect(keys[3]).toBe(keys[0]);

    // Answered: the next purchase is a new action with a new key; another request never shares one.
    await buy();
    await client.post('/purchase', { productId: 2 }, { idempotent: true });
    expect(new Set(keys.slice(4)).size).toBe(2);
    expect(keys.slice(4)).not.toContain(keys[0]);
  });

  it('reports an unreachable server in Russian after the two network retries', async () => {
    const baseUrl = await serve((req) => req.socket.destroy());
    const { waits, sleep } = recordingSleep();
    const client = createApiClient({ baseUrl, sleep, tokenStorage: createMemoryTokenStorage() });

    await expect(client.get('/servers')).rejects.toThrow(NETWORK_ERROR_MESSAGE);
    expect(waits).toEqual([1_000, 2_000]);
  });

  it('uses the JSON message of other errors, or the plain body text', async () => {
    const baseUrl = await serve((req, res) => {
      if (req.url === '/api/json')
        json(res, 400, { error: 'bad_request', message: 'Неверный формат email' });
      else {
        res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Платёжный шлюз недоступен');
      }
    });
    const client = createApiClient({ baseUrl, tokenStorage: createMemoryTokenStorage('keep') });

    const jsonError = (await client.get('/json').catch((e: unknown) => e)) as ApiError;
    expect(jsonError.message).toBe('Неверный формат email');
    expect(jsonError.code).toBe('bad_request');
    expect(jsonError.status).toBe(400);

    await expect(client.get('/text')).rejects.toThrow('Платёжный шлюз недоступен');
  });

  it('does not retry or drop the token on ordinary errors', async () => {
    let hits = 0;
    const baseUrl = await serve((_req, res) => {
      hits += 1;
      json(res, 404, { error: 'not_found', message: 'Не найдено' });
    });
    const storage = createMemoryTokenStorage('keep');
    const { waits, sleep } = recordingSleep();
    await expect(
      createApiClient({ baseUrl, sleep, tokenStorage: storage }).get('/servers'),
    ).rejects.toThrow('Не найдено');
    expect(hits).toBe(1);
    expect(waits).toEqual([]);
    expect(storage.get()).toBe('keep');
  });
});
