import formbody from '@fastify/formbody';
import Fastify from 'fastify';

export interface FakeVkMessage {
  peerId: string;
  text: string;
  randomId: string;
  disableMentions: boolean;
  dontParseLinks: boolean;
}

/**
 * VK's `messages.send` (https://dev.vk.com/ru/method/messages.send) on loopback. VK answers HTTP 200
 * either way: `{response: <message id>}` or `{error: {error_code, error_msg, request_params}}`
 * (https://dev.vk.com/ru/reference/errors). A repeated `random_id` to the same peer sends nothing
 * and answers the first message's id, as VK does. Tests queue the errors a call meets: 6 «Too many
 * requests per second», 10 «Internal server error», 917 «You don't have access to this chat».
 */
export async function startFakeVk(token = 'fake-vk-community-token-0000000000') {
  const app = Fastify();
  await app.register(formbody);
  const state = {
    token,
    messages: [] as FakeVkMessage[],
    /** Error codes the next calls answer, in order. */
    errors: [] as number[],
    /** Peers the community may write to; any other answers 917. */
    peers: new Set<string>(),
    calls: 0,
  };
  const sentIds = new Map<string, number>();
  const words: Record<number, string> = {
    5: 'User authorization failed: invalid access_token',
    6: 'Too many requests per second',
    10: 'Internal server error',
    917: "You don't have access to this chat",
  };
  const error = (code: number, params: Record<string, string>) => ({
    error: {
      error_code: code,
      error_msg: words[code] ?? 'Unknown error',
      request_params: Object.entries(params)
        .filter(([key]) => key !== 'access_token')
        .map(([key, value]) => ({ key, value })),
    },
  });

  app.post('/method/messages.send', async (request) => {
    state.calls += 1;
    const params = {
      ...(request.query as Record<string, string>),
      ...(request.body as Record<string, string>),
    };
    if (params.access_token !== state.token) return error(5, params);
    const queued = state.errors.shift();
    if (queued !== undefined) return error(queued, params);
    const peer = String(params.peer_id ?? '');
    if (!state.peers.has(peer)) return error(917, params);
    const key = `${peer}:${params.random_id}`;
    const seen = sentIds.get(key);
    if (seen !== undefined && params.random_id !== '0') return { response: seen };
    state.messages.push({
      peerId: peer,
      text: String(params.message ?? ''),
      randomId: String(params.random_id ?? ''),
      disableMentions: params.disable_mentions === '1',
      dontParseLinks: params.dont_parse_links === '1',
    });
    sentIds.set(key, state.messages.length);
    return { response: state.messages.length };
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const apiUrl = `http://127.0.0.1:${address.port}/method`;
  return {
    state,
    apiUrl,
    env: { VK_GROUP_TOKEN: token, VK_API_URL: apiUrl },
    close: () => app.close(),
  };
}
export type FakeVk = Awaited<ReturnType<typeof startFakeVk>>;
