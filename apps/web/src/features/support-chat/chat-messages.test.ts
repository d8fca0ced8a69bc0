import type { ChatMessage } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { mergeMessages, settlePending, type PendingMessage } from './chat-messages';

const message = (id: number, text: string, isAdmin = false): ChatMessage => ({
  id,
  userId: 7,
  username: isAdmin ? 'Админ' : 'Игрок',
  avatar: null,
  message: text,
  isAdmin,
  createdAt: new Date(1_700_000_000_000 + id * 1000).toISOString(),
});
const pending = (localId: string, text: string, state: PendingMessage['state'] = 'sending') => ({
  localId,
  text,
  state,
  createdAt: new Date().toISOString(),
});

describe('support chat messages', () => {
  it('keeps one copy when the socket echo and the send reply both arrive, in id order', () => {
    const sent = message(5, 'привет');
    const afterEcho = mergeMessages([message(3, 'раньше')], [sent]);
    const afterReply = mergeMessages(afterEcho, [sent]);
    expect(afterReply.map((m) => m.id)).toEqual([3, 5]);
    expect(mergeMessages(afterReply, [message(4, 'ответ', true)]).map((m) => m.id)).toEqual([
      3, 4, 5,
    ]);
  });

  it('settles the oldest pending message of the same text once, and never a failed one', () => {
    const queue = [pending('a', 'да', 'failed'), pending('b', 'да'), pending('c', 'да')];
    const once = settlePending(queue, message(9, 'да'));
    expect(once.map((item) => item.localId)).toEqual(['a', 'c']);
    expect(settlePending(once, message(10, 'да', true))).toBe(once);
    expect(settlePending(once, message(11, 'нет'))).toBe(once);
  });
});
