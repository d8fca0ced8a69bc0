import type { Recipient } from '@shop/shared';
import { useState } from 'react';

/** What the «Подарить» part of a purchase holds: on or off, who was found, the note. */
export interface GiftDraft {
  open: boolean;
  /** What the player pasted: a SteamID64 or a profile link. */
  query: string;
  recipient: Recipient | null;
  message: string;
}

export const NO_GIFT: GiftDraft = { open: false, query: '', recipient: null, message: '' };

export const GIFT_RECIPIENT_REQUIRED = 'Укажите получателя подарка';

/** The purchase request's gift fields; nothing when the toggle is off. */
export function giftFields(draft: GiftDraft): { giftTo?: string; giftMessage?: string } {
  if (!draft.open || !draft.recipient) return {};
  const message = draft.message.trim();
  return { giftTo: draft.recipient.steamId, ...(message ? { giftMessage: message } : {}) };
}

/** A gift is switched on but nobody was found yet: buying must wait. */
export const giftIncomplete = (draft: GiftDraft) => draft.open && !draft.recipient;

export function useGiftDraft() {
  const [draft, setDraft] = useState<GiftDraft>(NO_GIFT);
  return { draft, setDraft, reset: () => setDraft(NO_GIFT) };
}
