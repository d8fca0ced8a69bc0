import { describe, expect, it } from 'vitest';
import { createApiClient } from './api-client';
import { json, serve } from './test-api-server';
import { createMemoryTokenStorage } from './token-storage';

describe('a file sent as it is', () => {
  it('goes with its own content type and the token, not as JSON', async () => {
    const seen: Array<{ type: string | undefined; auth: string | undefined; body: string }> = [];
    const baseUrl = await serve((req, res, body) => {
      seen.push({ type: req.headers['content-type'], auth: req.headers.authorization, body });
      json(res, 200, { ok: true });
    });
    const client = createApiClient({ baseUrl, tokenStorage: createMemoryTokenStorage('t0ken') });
    const csv = 'steamId,amount\n76561198000000001,"10,50"\n';
    await client.request('/admin/import/balances', {
      method: 'POST',
      text: { contentType: 'text/csv', content: csv },
    });
    expect(seen).toEqual([{ type: 'text/csv', auth: 'Bearer t0ken', body: csv }]);
  });
});
