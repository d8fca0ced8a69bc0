import type { QueryClient } from '@tanstack/react-query';
import { Providers } from './providers';
import { AppRoutes } from './router';

export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <Providers client={queryClient}>
      <AppRoutes />
    </Providers>
  );
}
