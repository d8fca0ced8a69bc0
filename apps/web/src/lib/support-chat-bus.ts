import { useSyncExternalStore } from 'react';

/**
 * How any page opens the support chat (optionally with text filled in, such as an order number)
 * without depending on the chat feature: the widget listens here while it is on the page (signed in).
 */
type OpenListener = (prefill: string) => void;

let listener: OpenListener | null = null;
const watchers = new Set<() => void>();
const notify = () => watchers.forEach((watch) => watch());

/** The widget registers itself; the returned function unregisters it. */
export function listenForSupportChatOpen(open: OpenListener): () => void {
  listener = open;
  notify();
  return () => {
    if (listener === open) listener = null;
    notify();
  };
}

/** Opens the widget with `prefill` in its input; false when there is no widget (a guest). */
export function openSupportChat(prefill = ''): boolean {
  if (!listener) return false;
  listener(prefill);
  return true;
}

/** True while a widget is on the page to open. */
export function useSupportChatAvailable(): boolean {
  return useSyncExternalStore(
    (watch) => {
      watchers.add(watch);
      return () => watchers.delete(watch);
    },
    () => listener !== null,
    () => false,
  );
}

/** The text a chat about one order starts with. */
export const orderPrefill = (orderId: string) => `Заказ №${orderId}: `;
