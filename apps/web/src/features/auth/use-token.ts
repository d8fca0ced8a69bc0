import { useSyncExternalStore } from 'react';
import { tokenStorage } from '@/lib/token-storage';

/** The stored token as React state: re-renders when it is set, dropped by a 401, or changed in another tab. */
export function useToken(): string | null {
  return useSyncExternalStore(tokenStorage.subscribe, tokenStorage.get, () => null);
}
