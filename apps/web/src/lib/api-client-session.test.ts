import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './api-client';
import { json, serve } from './test-api-server';
import { createMemoryTokenStorage } from './token-storage';

/** A 401 ends the session this tab held, and only that one. */
describe('api client and the session', () => {
  it('on 401 removes the token and throws the server message', async () => {
    const baseUrl = await serve((_req, res) =>
      json(res, 401, { error: 'unauthorized', message: 'Сессия истекла. Войдите снова.' }),
    );
    const storage = createMemoryTokenStorage('stale');
    let notified = 0;
    storage.subscribe(() => (notified += 1));
    let rejected = 0;
    storage.onEndedElsewhere(() => (rejected += 1));
    const client = createApiClient({ baseUrl, tokenStorage: storage });

    const error = await client.get('/auth/profile').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).message).toBe('Сессия истекла. Войдите снова.');
    expect(storage.get()).toBeNull();
    expect(notified).toBe(1);
    expect(rejected).toBe(1);
  });

  it('on a 401 to a request sent before a fresh sign-in keeps the new session', async () => {
    let answer: (() => void) | undefined;
    const baseUrl = await serve((_req, res) => {
      // Held until the player has signed in again in this tab.
      answer = () => json(res, 401, { error: 'unauthorized', message: 'Сессия истекла.' });
    });
    const storage = createMemoryTokenStorage('ended');
    let rejected = 0;
    storage.onEndedElsewhere(() => (rejected += 1));
    const client = createApiClient({ baseUrl, tokenStorage: storage });

    const pending = client.get('/orders').catch((e: unknown) => e);
    await vi.waitFor(() => expect(answer).toBeDefined());
    storage.set('fresh');
    answer?.();

    expect(((await pending) as ApiError).status).toBe(401);
    expect(storage.get()).toBe('fresh');
    expect(rejected).toBe(0);
  });
});
