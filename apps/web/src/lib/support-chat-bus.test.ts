import { describe, expect, it } from 'vitest';
import { listenForSupportChatOpen, openSupportChat, orderPrefill } from './support-chat-bus';

describe('support chat bus', () => {
  it('opens the widget with the order number while one listens, and reports when none does', () => {
    expect(openSupportChat(orderPrefill('9f1c'))).toBe(false);
    const opened: string[] = [];
    const stop = listenForSupportChatOpen((text) => opened.push(text));
    expect(openSupportChat(orderPrefill('9f1c'))).toBe(true);
    expect(openSupportChat()).toBe(true);
    expect(opened).toEqual(['Заказ №9f1c: ', '']);
    stop();
    expect(openSupportChat('после выхода')).toBe(false);
    expect(opened).toHaveLength(2);
  });
});
