import { createContext, useContext } from 'react';
import type { ShopSocket } from './socket';

/**
 * The app's one live socket, for the features that speak on it beyond the user channel (the admin
 * console). app/realtime-provider opens it while signed in and provides it here; null before that
 * and after sign-out. Type-only import: socket.io-client stays out of the guest bundle.
 */
export const RealtimeSocketContext = createContext<ShopSocket | null>(null);

export function useRealtimeSocket(): ShopSocket | null {
  return useContext(RealtimeSocketContext);
}
