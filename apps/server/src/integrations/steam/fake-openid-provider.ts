import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { OPENID_NS, REQUIRED_SIGNED } from './openid';
import { demoPlayers } from './demo-players';
import { renderPickerPage } from './demo-picker-page';

/**
 * A stand-in for Steam's OpenID provider that speaks the real protocol (checkid_setup redirect,
 * signed positive assertion, stateless check_authentication). Demo mode mounts it inside the shop so
 * a newcomer can sign in with no Steam account; tests mount it on its own loopback server. The shop's
 * verifier talks to it over HTTP exactly as it talks to Steam: there is no shortcut around verification.
 */
export interface FakeOpenIdProviderOptions {
  /** Path of the endpoint within the Fastify instance it is mounted on. */
  path: string;
  /** The full public URL of that endpoint (what op_endpoint carries). */
  endpointUrl: () => string;
}

export interface FakeOpenIdProvider {
  /** Builds a signed positive assertion for a Steam id, as Steam's redirect back would carry it. */
  assert(steamId: string, returnTo: string): Record<string, string>;
  /** Signs a (possibly tampered) field set as the provider would, for attack tests. */
  sign(fields: Record<string, string>, signedList?: readonly string[]): Record<string, string>;
}

function keyValueForm(fields: Record<string, string>, names: readonly string[]): string {
  return names.map((name) => `${name}:${fields[`openid.${name}`] ?? ''}\n`).join('');
}

export function registerFakeOpenIdProvider(
  app: FastifyInstance,
  options: FakeOpenIdProviderOptions,
): FakeOpenIdProvider {
  const secret = randomBytes(32);
  const assocHandle = `demo-${randomBytes(6).toString('hex')}`;
  let counter = 0;

  const sign: FakeOpenIdProvider['sign'] = (fields, signedList = REQUIRED_SIGNED) => {
    const signed = { ...fields, 'openid.signed': signedList.join(',') };
    const sig = createHmac('sha256', secret).update(keyValueForm(signed, signedList)).digest();
    return { ...signed, 'openid.sig': sig.toString('base64') };
  };

  const assert: FakeOpenIdProvider['assert'] = (steamId, returnTo) => {
    const claimedId = `https://steamcommunity.com/openid/id/${steamId}`;
    const nonce = `${new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')}${(counter += 1)}${randomBytes(4).toString('hex')}`;
    return sign({
      'openid.ns': OPENID_NS,
      'openid.mode': 'id_res',
      'openid.op_endpoint': options.endpointUrl(),
      'openid.claimed_id': claimedId,
      'openid.identity': claimedId,
      'openid.return_to': returnTo,
      'openid.response_nonce': nonce,
      'openid.assoc_handle': assocHandle,
    });
  };

  const verifySignature = (fields: Record<string, string>): boolean => {
    const signedList = (fields['openid.signed'] ?? '').split(',').filter(Boolean);
    const given = Buffer.from(fields['openid.sig'] ?? '', 'base64');
    if (signedList.length === 0 || fields['openid.assoc_handle'] !== assocHandle) return false;
    const expected = createHmac('sha256', secret).update(keyValueForm(fields, signedList)).digest();
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  app.get(options.path, async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const returnTo = query['openid.return_to'];
    if (query['openid.mode'] !== 'checkid_setup' || !returnTo) {
      return reply.status(400).type('text/plain').send('openid.mode=checkid_setup required');
    }
    return reply
      .type('text/html; charset=utf-8')
      .send(renderPickerPage({ action: options.path, returnTo, players: demoPlayers }));
  });

  // Two POSTs share the endpoint, as on Steam: the picker form, and check_authentication.
  app.post(options.path, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string>;
    if (body['openid.mode'] === 'check_authentication') {
      const valid = verifySignature(body);
      return reply.type('text/plain').send(`ns:${OPENID_NS}\nis_valid:${valid}\n`);
    }
    const player = demoPlayers.find((candidate) => candidate.steamId === body.steamId);
    const returnTo = body.returnTo;
    if (!player || !returnTo) return reply.status(400).type('text/plain').send('unknown player');
    const target = new URL(returnTo);
    for (const [key, value] of Object.entries(assert(player.steamId, returnTo))) {
      target.searchParams.set(key, value);
    }
    return reply.redirect(target.toString(), 303);
  });

  return { assert, sign };
}
