import { GIFT_MESSAGES, parseRecipientQuery, type Recipient } from '@shop/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { servers } from '../../db/schema/index';
import {
  lookUpSteamProfile,
  resolveVanityUrl,
  type SteamLookup,
} from '../../integrations/steam/steam-api';
import { badRequest, HttpError, notFound } from '../../plugins/errors';
import { createUsersRepository, type SteamIdentity, type UserRow } from '../users/users-repository';

type SteamSettings = { apiUrl: string; apiKey: string | undefined };

export const steamUnavailable = () =>
  new HttpError(503, 'provider_unavailable', 'Steam не отвечает. Попробуйте через минуту.');

function found<T>(lookup: SteamLookup<T>): T {
  if (lookup.status === 'not-found') throw notFound(GIFT_MESSAGES.notFound);
  if (lookup.status === 'unavailable') throw steamUnavailable();
  return lookup.value;
}

/** Who a gift goes to, as known before the purchase's transaction opens (Steam is asked outside it). */
export type PreparedRecipient = Omit<SteamIdentity, 'isAdmin'>;

/**
 * Finding a gift's recipient: by SteamID64 or profile link, named as Steam names them. A player who
 * never opened the shop is found too (Steam knows them); their account is made at purchase.
 */
export function createGiftRecipients(db: Db, steam: SteamSettings) {
  const usersRepository = createUsersRepository(db);

  /** On any of the shop's servers right now, as the server monitor last saw it. */
  async function isOnline(steamId: string): Promise<boolean> {
    const rows = await db
      .select({ id: servers.id })
      .from(servers)
      .where(sql`${servers.players} @> ${JSON.stringify([{ steamId }])}::jsonb`)
      .limit(1);
    return rows.length > 0;
  }

  async function steamIdOf(query: string): Promise<string> {
    const parsed = parseRecipientQuery(query);
    if (!parsed) throw badRequest(GIFT_MESSAGES.badQuery);
    if (parsed.kind === 'steamId') return parsed.steamId;
    return found(await resolveVanityUrl(steam, parsed.vanity));
  }

  return {
    async lookUp(buyer: Pick<UserRow, 'steamId'>, query: string): Promise<Recipient> {
      const steamId = await steamIdOf(query);
      if (steamId === buyer.steamId) throw badRequest(GIFT_MESSAGES.self);
      const account = await usersRepository.findBySteamId(steamId);
      const lookup = await lookUpSteamProfile(steam, steamId);
      // A player the shop knows can still be named while Steam does not answer.
      const profile =
        lookup.status === 'unavailable' && account
          ? { personaname: account.username, avatar: account.avatar }
          : found(lookup);
      return {
        steamId,
        name: profile.personaname,
        avatar: profile.avatar,
        hasAccount: account !== undefined,
        online: await isOnline(steamId),
      };
    },

    /**
     * The recipient of a gift purchase: a player with an account as stored, anyone else as Steam
     * names them (unknown to Steam: 404, so no account is made for a mistyped id).
     */
    async prepare(
      buyer: Pick<UserRow, 'steamId'>,
      giftTo: string | undefined,
    ): Promise<PreparedRecipient | null> {
      if (giftTo === undefined) return null;
      if (giftTo === buyer.steamId) throw badRequest(GIFT_MESSAGES.self);
      const account = await usersRepository.findBySteamId(giftTo);
      if (account) return { steamId: giftTo, username: account.username, avatar: account.avatar };
      const profile = found(await lookUpSteamProfile(steam, giftTo));
      return { steamId: giftTo, username: profile.personaname, avatar: profile.avatar };
    },
  };
}

export type GiftRecipients = ReturnType<typeof createGiftRecipients>;
