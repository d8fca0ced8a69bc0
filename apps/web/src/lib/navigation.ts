import { useSyncExternalStore } from 'react';

/**
 * Counts the address changes of this tab (links, back/forward, redirects). The router announces each
 * one with these events; a page that must start afresh on every visit, even to its own address,
 * uses the count as its React key.
 */
const events = ['popstate', 'pushState', 'replaceState'] as const;
let navigations = 0;

function subscribe(listener: () => void): () => void {
  const onChange = () => {
    navigations += 1;
    listener();
  };
  events.forEach((event) => addEventListener(event, onChange));
  return () => events.forEach((event) => removeEventListener(event, onChange));
}

export function useNavigationKey(): number {
  return useSyncExternalStore(
    subscribe,
    () => navigations,
    () => 0,
  );
}
