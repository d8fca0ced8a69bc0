import type { User } from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { endSessionHere, followSessionEnd } from '@/lib/session-end';
import { useSession } from '@/features/auth/use-session';
import { useToken } from '@/features/auth/use-token';
import { queryKeys } from '@/lib/query-keys';
import { RealtimeSocketContext } from '@/lib/realtime-socket';
import type { ConnectionStatus, ShopSocket } from '@/lib/socket';

const RealtimeContext = createContext<ConnectionStatus>('disconnected');

/**
 * The live channel lives here, in app/, so features never depend on each other for it: the session
 * (auth) decides when it is open, and a balance push lands in the profile query's cache — the header,
 * the profile and the promo page all read the balance from there, so they change without a reload.
 * Open only while signed in with a user id (SPEC §4); closed on logout or when the token changes.
 * The socket itself is shared through lib/realtime-socket, so the admin console reuses it.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const token = useToken();
  const { user } = useSession();
  const userId = user?.id;
  const username = user?.username ?? '';
  const [status, setStatus] = useState<ConnectionStatus>('disconnected');
  const [socket, setSocket] = useState<ShopSocket | null>(null);

  useEffect(() => {
    if (!token || userId === undefined) return;
    let cancelled = false;
    let close: (() => void) | undefined;
    // Loaded on sign-in only: guests never download the socket client (DESIGN §10, light player pages).
    void import('@/lib/socket').then(({ createShopSocket, openUserChannel }) => {
      if (cancelled) return;
      const opened = createShopSocket();
      setSocket(opened);
      close = openUserChannel(
        opened,
        { userId, token, username },
        {
          onStatus: setStatus,
          onBalance: (balance) => {
            queryClient.setQueriesData<User | null>({ queryKey: queryKeys.profileAll }, (cached) =>
              cached ? { ...cached, balance } : cached,
            );
            // A balance change is a new ledger line; an open transactions list fetches it.
            void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
          },
          onGift: (gift) => {
            toast.success(`Вам подарок от ${gift.from}!`, {
              description: [gift.items.join(', '), gift.message && `«${gift.message}»`]
                .filter(Boolean)
                .join(' — '),
            });
            void queryClient.invalidateQueries({ queryKey: queryKeys.gifts });
          },
          onSignedOut: () => endSessionHere(queryClient),
        },
      );
    });
    // Signed out in another tab of this browser, or a request of this one refused: the same page.
    const stopFollowing = followSessionEnd(queryClient);
    return () => {
      cancelled = true;
      stopFollowing();
      close?.();
      setStatus('disconnected');
      setSocket(null);
    };
  }, [queryClient, token, userId, username]);

  return (
    <RealtimeContext.Provider value={status}>
      <RealtimeSocketContext.Provider value={socket}>{children}</RealtimeSocketContext.Provider>
    </RealtimeContext.Provider>
  );
}

export function useConnectionStatus(): ConnectionStatus {
  return useContext(RealtimeContext);
}
