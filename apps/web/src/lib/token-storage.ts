/**
 * The login token lives in localStorage under 'token' (SPEC §7). Everything that reads or changes it
 * goes through a TokenStorage so the session can react when the API client drops a rejected token,
 * and so tests can use an in-memory store.
 */
export const TOKEN_KEY = 'token';

export interface TokenStorage {
  get: () => string | null;
  set: (token: string) => void;
  remove: () => void;
  subscribe: (listener: () => void) => () => void;
  /**
   * The server refused `token`: forget it, if it is still the stored one (a reply to a request sent
   * before a fresh sign-in must not end the new session), and tell `onEndedElsewhere`.
   */
  reject: (token: string) => void;
  /**
   * Hears a session ended under this tab by something other than this tab: the server refused its
   * token (an admin, another device, expiry), or another tab of this browser dropped it. Told before
   * the token's own listeners, so that what it does comes before React re-renders the guest page.
   */
  onEndedElsewhere: (listener: () => void) => () => void;
}

function createNotifier() {
  const listeners = new Set<() => void>();
  return {
    notify: () => listeners.forEach((listener) => listener()),
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export function createMemoryTokenStorage(initial: string | null = null): TokenStorage {
  let token = initial;
  const notifier = createNotifier();
  const endings = createNotifier();
  return {
    get: () => token,
    set(value) {
      token = value;
      notifier.notify();
    },
    remove() {
      if (token === null) return;
      token = null;
      notifier.notify();
    },
    subscribe: notifier.subscribe,
    reject(refused) {
      if (token !== refused) return;
      token = null;
      endings.notify();
      notifier.notify();
    },
    onEndedElsewhere: endings.subscribe,
  };
}

function safeStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Private modes and disabled storage throw on access; the site still works for guests.
    return null;
  }
}

export function createLocalTokenStorage(): TokenStorage {
  const notifier = createNotifier();
  const endings = createNotifier();
  const storage = safeStorage();
  if (!storage) return createMemoryTokenStorage();
  if (typeof window !== 'undefined') {
    // Signing out in one tab signs out the others too. One listener does both, in this order: a
    // second one could be removed by the re-render the first one causes, before its turn comes.
    window.addEventListener('storage', (event) => {
      if (event.key !== TOKEN_KEY && event.key !== null) return;
      const dropped = event.key === null ? storage.getItem(TOKEN_KEY) === null : !event.newValue;
      if (dropped) endings.notify();
      notifier.notify();
    });
  }
  return {
    get: () => storage.getItem(TOKEN_KEY),
    set(value) {
      storage.setItem(TOKEN_KEY, value);
      notifier.notify();
    },
    remove() {
      if (storage.getItem(TOKEN_KEY) === null) return;
      storage.removeItem(TOKEN_KEY);
      notifier.notify();
    },
    subscribe: notifier.subscribe,
    reject(refused) {
      if (storage.getItem(TOKEN_KEY) !== refused) return;
      storage.removeItem(TOKEN_KEY);
      endings.notify();
      notifier.notify();
    },
    onEndedElsewhere: endings.subscribe,
  };
}

export const tokenStorage: TokenStorage = createLocalTokenStorage();
