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

/**
 * Name and avatar from Steam's Web API. Sign-in must not depend on it: any failure returns null and
 * the caller keeps a fallback name, because a Steam API outage should not lock players out.
 */
export async function fetchSteamProfile(
  settings: { apiUrl: string; apiKey: string | undefined },
  steamId: string,
  fetchImpl: typeof fetch = fetch,
): Promise<SteamProfile | null> {
  if (!settings.apiKey) return null;
  const url = new URL(`${settings.apiUrl}/ISteamUser/GetPlayerSummaries/v0002/`);
  url.searchParams.set('key', settings.apiKey);
  url.searchParams.set('steamids', steamId);
  try {
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) return null;
    const parsed = summariesSchema.safeParse(await response.json());
    const player = parsed.success
      ? parsed.data.response.players.find((candidate) => candidate.steamid === steamId)
      : undefined;
    if (!player) return null;
    return {
      personaname: player.personaname.trim().slice(0, 64) || `Игрок ${steamId.slice(-4)}`,
      avatar: player.avatarfull ?? null,
      profileUrl: player.profileurl ?? null,
    };
  } catch {
    return null;
  }
}
