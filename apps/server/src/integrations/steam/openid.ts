/**
 * Steam sign-in over OpenID 2.0, verified in full: every check below closes an attack that a
 * library skipping it was once open to (fake provider, foreign claimed_id, smuggled parameters).
 */
export const OPENID_NS = 'http://specs.openid.net/auth/2.0';
const IDENTIFIER_SELECT = 'http://specs.openid.net/auth/2.0/identifier_select';
export const STEAM_CLAIMED_ID = /^https:\/\/steamcommunity\.com\/openid\/id\/(7656119\d{10})\/?$/;
export const REQUIRED_SIGNED = [
  'signed',
  'op_endpoint',
  'claimed_id',
  'identity',
  'return_to',
  'response_nonce',
  'assoc_handle',
] as const;
/** The only fields of an assertion we accept and forward to check_authentication. */
const ASSERTION_FIELDS = new Set([
  'ns',
  'mode',
  'op_endpoint',
  'claimed_id',
  'identity',
  'return_to',
  'response_nonce',
  'assoc_handle',
  'signed',
  'sig',
]);
const NONCE_MAX_AGE_MS = 5 * 60 * 1000;
const CHECK_TIMEOUT_MS = 10_000;

export type OpenIdFailure =
  | 'malformed'
  | 'not_positive'
  | 'wrong_namespace'
  | 'wrong_endpoint'
  | 'bad_claimed_id'
  | 'bad_return_to'
  | 'bad_signed_list'
  | 'stale_nonce'
  | 'replayed_nonce'
  | 'provider_rejected'
  | 'provider_unreachable';

export class OpenIdError extends Error {
  constructor(readonly reason: OpenIdFailure) {
    super(`Steam OpenID assertion refused: ${reason}`);
    this.name = 'OpenIdError';
  }
}

export interface OpenIdSettings {
  /** The provider's endpoint, exactly as configured; op_endpoint must equal it. */
  providerUrl: string;
  /** Our callback URL; return_to must be it (optionally with a query string). */
  returnTo: string;
  /** Our origin, sent as openid.realm. */
  realm: string;
}

export function buildLoginUrl(settings: OpenIdSettings): string {
  const url = new URL(settings.providerUrl);
  const params: Record<string, string> = {
    'openid.ns': OPENID_NS,
    'openid.mode': 'checkid_setup',
    'openid.return_to': settings.returnTo,
    'openid.realm': settings.realm,
    'openid.identity': IDENTIFIER_SELECT,
    'openid.claimed_id': IDENTIFIER_SELECT,
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

/** Takes the raw query (as Fastify parses it) and keeps the openid.* fields, refusing anything odd. */
function readAssertion(query: Record<string, unknown>): Map<string, string> {
  const fields = new Map<string, string>();
  for (const [key, value] of Object.entries(query)) {
    if (!key.startsWith('openid.')) continue;
    const name = key.slice('openid.'.length);
    // A repeated parameter or one we do not know is someone trying to smuggle a field past us.
    if (typeof value !== 'string' || !ASSERTION_FIELDS.has(name))
      throw new OpenIdError('malformed');
    fields.set(name, value);
  }
  for (const name of ASSERTION_FIELDS) {
    if (!fields.get(name)) {
      throw new OpenIdError(name === 'mode' ? 'not_positive' : 'malformed');
    }
  }
  return fields;
}

function checkReturnTo(returnTo: string, expected: string): boolean {
  return returnTo === expected || returnTo.startsWith(`${expected}?`);
}

/** `2026-11-22T13:40:00Z` followed by any unique characters, per the OpenID 2.0 spec. */
function nonceTime(nonce: string): number {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)/.exec(nonce);
  return match?.[1] ? Date.parse(match[1]) : Number.NaN;
}

export interface VerifyOptions {
  /** Records a nonce; returns false when it was seen before (a replay). */
  rememberNonce: (nonce: string) => Promise<boolean>;
  now?: () => number;
  fetchImpl?: typeof fetch;
}

/** Verifies a positive assertion and returns the Steam id (17 digits) it proves. */
export async function verifyAssertion(
  query: Record<string, unknown>,
  settings: OpenIdSettings,
  options: VerifyOptions,
): Promise<string> {
  const fields = readAssertion(query);
  const field = (name: string) => fields.get(name) ?? '';

  if (field('mode') !== 'id_res') throw new OpenIdError('not_positive');
  if (field('ns') !== OPENID_NS) throw new OpenIdError('wrong_namespace');
  if (field('op_endpoint') !== settings.providerUrl) throw new OpenIdError('wrong_endpoint');
  const claimedId = field('claimed_id');
  const steamId = STEAM_CLAIMED_ID.exec(claimedId)?.[1];
  if (!steamId || field('identity') !== claimedId) throw new OpenIdError('bad_claimed_id');
  if (!checkReturnTo(field('return_to'), settings.returnTo)) throw new OpenIdError('bad_return_to');
  if (field('signed') !== REQUIRED_SIGNED.join(',')) throw new OpenIdError('bad_signed_list');

  const now = options.now?.() ?? Date.now();
  const issuedAt = nonceTime(field('response_nonce'));
  if (!Number.isFinite(issuedAt) || Math.abs(now - issuedAt) > NONCE_MAX_AGE_MS) {
    throw new OpenIdError('stale_nonce');
  }

  await checkWithProvider(fields, settings.providerUrl, options.fetchImpl ?? fetch);

  // Only after the provider vouched for it, so an attacker cannot burn a real user's nonce.
  if (!(await options.rememberNonce(field('response_nonce')))) {
    throw new OpenIdError('replayed_nonce');
  }
  return steamId;
}

async function checkWithProvider(
  fields: Map<string, string>,
  providerUrl: string,
  fetchImpl: typeof fetch,
): Promise<void> {
  const body = new URLSearchParams();
  for (const [name, value] of fields) {
    body.set(`openid.${name}`, name === 'mode' ? 'check_authentication' : value);
  }
  let text: string;
  try {
    const response = await fetchImpl(providerUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
    if (!response.ok) throw new OpenIdError('provider_unreachable');
    text = await response.text();
  } catch (error) {
    if (error instanceof OpenIdError) throw error;
    throw new OpenIdError('provider_unreachable');
  }
  const lines = text.split('\n').map((line) => line.trim());
  if (!lines.includes('is_valid:true')) throw new OpenIdError('provider_rejected');
}
