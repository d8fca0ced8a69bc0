import type { ChatMessage } from '@shop/shared';

/** A message the player sent that the server has not confirmed yet (or refused). */
export interface PendingMessage {
  localId: string;
  text: string;
  state: 'sending' | 'failed';
  createdAt: string;
}

/** Adds messages to a conversation once each (by id), keeping it oldest first. */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * The server has a message of this player: the reply to a send, or the socket's echo, whichever comes
 * first. The oldest pending message with that text is settled by it, so neither leaves a duplicate.
 */
export function settlePending(pending: PendingMessage[], confirmed: ChatMessage): PendingMessage[] {
  if (confirmed.isAdmin) return pending;
  const index = pending.findIndex(
    (item) => item.state === 'sending' && item.text === confirmed.message,
  );
  return index === -1 ? pending : pending.filter((_, at) => at !== index);
}

/** The signed-in player as the chat shows them. */
export interface ChatAuthor {
  id: number;
  username: string;
  avatar: string | null;
}
