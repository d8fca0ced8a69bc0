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
  const storage = safeStorage();
  if (!storage) return createMemoryTokenStorage();
  if (typeof window !== 'undefined') {
    // Signing out in one tab signs out the others too.
    window.addEventListener('storage', (event) => {
      if (event.key === TOKEN_KEY || event.key === null) notifier.notify();
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
  };
}

export const tokenStorage: TokenStorage = createLocalTokenStorage();
