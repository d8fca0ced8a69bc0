import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from './api-client';
import { createMemoryTokenStorage } from './token-storage';

let server: Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

describe('a file sent as it is', () => {
  it('goes with its own content type and the token, not as JSON', async () => {
    const seen: Array<{ type: string | undefined; auth: string | undefined; body: string }> = [];
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({ type: req.headers['content-type'], auth: req.headers.authorization, body });
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const client = createApiClient({
      baseUrl: `http://127.0.0.1:${port}/api`,
      tokenStorage: createMemoryTokenStorage('t0ken'),
    });
    const csv = 'steamId,amount\n76561198000000001,"10,50"\n';
    await client.request('/admin/import/balances', {
      method: 'POST',
      text: { contentType: 'text/csv', content: csv },
    });
    expect(seen).toEqual([{ type: 'text/csv', auth: 'Bearer t0ken', body: csv }]);
  });
});
