import { z } from 'zod';

export interface SteamProfile {
  personaname: string;
  avatar: string | null;
  profileUrl: string | null;
}

const summariesSchema = z.object({
  response: z.object({
    players: z.array(
      z.object({
        steamid: z.string(),
        personaname: z.string(),
        avatarfull: z.string().optional(),
        profileurl: z.string().optional(),
      }),
    ),
  }),
});

type SteamSettings = { apiUrl: string; apiKey: string | undefined };

/** What a Steam Web API call came to: an answer, a clear "no such player", or Steam not answering. */
export type SteamLookup<T> =
  { status: 'found'; value: T } | { status: 'not-found' } | { status: 'unavailable' };

async function callSteam(
  settings: SteamSettings,
  path: string,
  query: Record<string, string>,
  fetchImpl: typeof fetch,
): Promise<unknown> {
  if (!settings.apiKey) return undefined;
  const url = new URL(`${settings.apiUrl}${path}`);
  url.searchParams.set('key', settings.apiKey);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  try {
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) return undefined;
    return await response.json();
  } catch {
    return undefined;
  }
}

/** GetPlayerSummaries for one Steam id. */
export async function lookUpSteamProfile(
  settings: SteamSettings,
  steamId: string,
  fetchImpl: typeof fetch = fetch,
): Promise<SteamLookup<SteamProfile>> {
  const body = await callSteam(
    settings,
    '/ISteamUser/GetPlayerSummaries/v0002/',
    { steamids: steamId },
    fetchImpl,
  );
  const parsed = summariesSchema.safeParse(body);
  if (!parsed.success) return { status: 'unavailable' };
  const player = parsed.data.response.players.find((candidate) => candidate.steamid === steamId);
  if (!player) return { status: 'not-found' };
  return {
    status: 'found',
    value: {
      personaname: player.personaname.trim().slice(0, 64) || `Игрок ${steamId.slice(-4)}`,
      avatar: player.avatarfull ?? null,
      profileUrl: player.profileurl ?? null,
    },
  };
}

const vanitySchema = z.object({
  response: z.object({ success: z.number(), steamid: z.string().optional() }),
});

/**
 * ResolveVanityURL: a custom profile name (steamcommunity.com/id/<name>) to its SteamID64. Steam
 * answers success 1 with the id, or 42 ("No match") for a name nobody has.
 */
export async function resolveVanityUrl(
  settings: SteamSettings,
  vanity: string,
  fetchImpl: typeof fetch = fetch,
): Promise<SteamLookup<string>> {
  const body = await callSteam(
    settings,
    '/ISteamUser/ResolveVanityURL/v0001/',
    { vanityurl: vanity },
    fetchImpl,
  );
  const parsed = vanitySchema.safeParse(body);
  if (!parsed.success) return { status: 'unavailable' };
  const { success, steamid } = parsed.data.response;
  if (success === 1 && steamid && /^7656119\d{10}$/.test(steamid)) {
    return { status: 'found', value: steamid };
  }
  return success === 42 ? { status: 'not-found' } : { status: 'unavailable' };
}

/**
 * Name and avatar from Steam's Web API. Sign-in must not depend on it: any failure returns null and
 * the caller keeps a fallback name, because a Steam API outage should not lock players out.
 */
export async function fetchSteamProfile(
  settings: SteamSettings,
  steamId: string,
  fetchImpl: typeof fetch = fetch,
): Promise<SteamProfile | null> {
  const found = await lookUpSteamProfile(settings, steamId, fetchImpl);
  return found.status === 'found' ? found.value : null;
}
