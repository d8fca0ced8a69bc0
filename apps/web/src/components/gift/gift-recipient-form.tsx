import { GIFT_MESSAGE_MAX, GIFT_MESSAGES, parseRecipientQuery, type Recipient } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { UserAvatar } from '@/components/user-avatar';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { api, errorText } from '@/lib/api-client';
import type { GiftDraft } from './gift-draft';

const LOOKUP_DELAY_MS = 350;

// The server checks this reply against recipientSchema (decision record 0013).
function lookUpRecipient(query: string, signal: AbortSignal): Promise<Recipient> {
  return api.get<Recipient>(`/gifts/recipient?query=${encodeURIComponent(query)}`, { signal });
}

/** The text the player stopped typing, a moment later (a pasted link goes at once). */
function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), LOOKUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

function FoundPlayer({ recipient }: { recipient: Recipient }) {
  return (
    <div
      role="status"
      className="flex items-center gap-3 rounded-md border border-[#8ee0a6]/30 bg-[#8ee0a6]/8 px-3 py-2"
    >
      <UserAvatar src={recipient.avatar} name={recipient.name} className="size-10" />
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-1.5 text-sm font-semibold text-white">
          <CircleCheck className="size-4 shrink-0 text-[#8ee0a6]" aria-hidden="true" />
          <span className="truncate">{recipient.name}</span>
        </p>
        <p className="text-xs text-muted-foreground">
          {recipient.online ? 'Сейчас в игре' : 'Сейчас не в игре'}
          {recipient.hasAccount ? '' : ' · ещё не заходил в магазин, подарок его дождётся'}
        </p>
      </div>
    </div>
  );
}

/** Recipient field, the player Steam found for it, and the note. Loaded when «Подарить» opens. */
export default function GiftRecipientForm({
  idPrefix,
  draft,
  onChange,
  disabled,
}: {
  idPrefix: string;
  draft: GiftDraft;
  onChange: (draft: GiftDraft) => void;
  disabled: boolean;
}) {
  const fieldId = `${idPrefix}-recipient`;
  const messageId = `${idPrefix}-message`;
  const settled = useSettled(draft.query.trim());
  const parsed = parseRecipientQuery(settled);
  const lookup = useQuery({
    queryKey: ['user', 'gift-recipient', settled],
    queryFn: ({ signal }) => lookUpRecipient(settled, signal),
    enabled: parsed !== null,
    staleTime: 60_000,
    retry: false,
  });
  const found = parsed && lookup.data?.steamId ? lookup.data : null;

  // The dialog's draft follows what the field currently names, so buying never uses a stale player.
  useEffect(() => {
    if (found && found.steamId !== draft.recipient?.steamId && settled === draft.query.trim()) {
      onChange({ ...draft, recipient: found });
    }
  }, [found, draft, settled, onChange]);

  const typed = draft.query.trim();
  const error =
    typed && settled === typed && !parsed
      ? GIFT_MESSAGES.badQuery
      : parsed && lookup.isError
        ? errorText(lookup.error, 'Не удалось найти игрока')
        : undefined;
  const searching = parsed !== null && (lookup.isFetching || settled !== typed);

  return (
    <div className="grid grid-cols-1 gap-3">
      <FormField
        id={fieldId}
        label="Получатель"
        hint={error ? undefined : 'SteamID64 (17 цифр) или ссылка на профиль в Steam'}
        error={error}
      >
        <div className="relative">
          <Input
            {...fieldAria(fieldId, error, !error)}
            value={draft.query}
            disabled={disabled}
            autoComplete="off"
            spellCheck={false}
            inputMode="url"
            placeholder="https://steamcommunity.com/id/…"
            onChange={(event) => onChange({ ...draft, query: event.target.value, recipient: null })}
            className="pr-9"
          />
          {searching && (
            <LoaderCircle
              className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
              aria-label="Ищем игрока"
            />
          )}
        </div>
      </FormField>
      {draft.recipient && <FoundPlayer recipient={draft.recipient} />}
      <FormField
        id={messageId}
        label="Сообщение (необязательно)"
        hint={`${draft.message.length} / ${GIFT_MESSAGE_MAX}`}
      >
        <Textarea
          {...fieldAria(messageId, undefined, true)}
          value={draft.message}
          disabled={disabled}
          maxLength={GIFT_MESSAGE_MAX}
          rows={2}
          shape="note"
          className="resize-none"
          placeholder="Удачного вайпа!"
          // One line: the note goes into the game chat, where a line break has no place.
          onChange={(event) =>
            onChange({ ...draft, message: event.target.value.replace(/[\r\n\t]+/g, ' ') })
          }
        />
      </FormField>
    </div>
  );
}
