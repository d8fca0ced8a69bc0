import { z } from 'zod';
import { errorMessages } from '../messages';
import { isSafeText } from '../text-rules';
import { STEAM_ID64 } from './common';

export const GIFT_MESSAGE_MAX = 200;

export const GIFT_MESSAGES = {
  badQuery: 'Вставьте SteamID64 (17 цифр) или ссылку на профиль Steam',
  notFound: 'Игрок не найден в Steam',
  self: 'Нельзя подарить самому себе',
  messageTooLong: `Сообщение не длиннее ${GIFT_MESSAGE_MAX} символов`,
  messageControl: errorMessages.unsafeText,
  badSteamId: 'Неверный Steam ID получателя',
} as const;

/** Steam's custom profile names: letters, digits, '_' and '-', 2 to 32 characters. */
const VANITY = /^[A-Za-z0-9_-]{2,32}$/;

export type RecipientQuery =
  { kind: 'steamId'; steamId: string } | { kind: 'vanity'; vanity: string };

/**
 * What a player pastes to name a gift's recipient: a SteamID64, or a steamcommunity.com profile link
 * (`/profiles/<id>` or `/id/<custom name>`, with or without scheme, www, trailing slash or query).
 * Null for anything else.
 */
export function parseRecipientQuery(text: string): RecipientQuery | null {
  const value = text.trim();
  if (STEAM_ID64.test(value)) return { kind: 'steamId', steamId: value };
  const match =
    /^(?:https?:\/\/)?(?:www\.)?steamcommunity\.com\/(profiles|id)\/([^/?#\s]+)\/?(?:[?#]\S*)?$/i.exec(
      value,
    );
  if (!match) return null;
  const [, kind, id = ''] = match;
  if (kind?.toLowerCase() === 'profiles') {
    return STEAM_ID64.test(id) ? { kind: 'steamId', steamId: id } : null;
  }
  return VANITY.test(id) ? { kind: 'vanity', vanity: id } : null;
}

export const giftToSchema = z.string().regex(STEAM_ID64, GIFT_MESSAGES.badSteamId);

export const giftMessageSchema = z
  .string()
  .max(GIFT_MESSAGE_MAX, GIFT_MESSAGES.messageTooLong)
  // One line: the note goes into the game chat too, where a line break has no place.
  .refine((text) => isSafeText(text), GIFT_MESSAGES.messageControl)
  .transform((text) => text.trim());

/** The optional part of `/purchase` and `/cart/purchase` that makes the order a gift. */
export const giftFieldsSchema = z.object({
  giftTo: giftToSchema.optional(),
  giftMessage: giftMessageSchema.optional(),
});
