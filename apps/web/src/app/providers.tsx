import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { ApiError } from '@/lib/api-client';
import { toasterHost } from '@/lib/toast';
import { CategoryPicturesProvider } from './category-pictures-provider';
import { RealtimeProvider } from './realtime-provider';

const AppToaster = lazy(() => import('./toaster'));

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // SPEC §9: five minutes of cache, three retries with exponential delay capped at 30 s.
        gcTime: 5 * 60_000,
        retry: (failureCount, error) => {
          // A 4xx answer will be the same next time; retrying only delays the message the player needs.
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          // The API client already retried a network failure twice; more would only delay the error.
          if (error instanceof ApiError && error.status === 0) return false;
          return failureCount < 3;
        },
        retryDelay: (attempt) => Math.min(1_000 * 2 ** attempt, 30_000),
      },
    },
  });
}

/** The notification area appears with the first toast, so pages that show none never load it. */
function ToasterHost() {
  const requested = useSyncExternalStore(toasterHost.subscribe, toasterHost.requested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}

export function Providers({
  children,
  client,
}: {
  children: ReactNode;
  /** Given by the build's prerender, which must clear it afterwards (its timers keep Node alive). */
  client?: QueryClient;
}) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>
        <CategoryPicturesProvider>{children}</CategoryPicturesProvider>
      </RealtimeProvider>
      <ToasterHost />
    </QueryClientProvider>
  );
}
