import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { ApiError } from '@/lib/api-client';
import { RealtimeProvider } from './realtime-provider';

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

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>
        <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
          {children}
        </Tooltip.Provider>
      </RealtimeProvider>
      <Toaster
        theme="dark"
        position="top-right"
        richColors
        closeButton
        visibleToasts={3}
        hotkey={['altKey', 'KeyT']}
        duration={4_500}
        containerAriaLabel="Уведомления"
        toastOptions={{ className: 'font-sans' }}
      />
    </QueryClientProvider>
  );
}
