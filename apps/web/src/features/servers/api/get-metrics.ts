import type { metricsSchema } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type SystemMetrics = z.infer<typeof metricsSchema>;

/** SPEC §9: polled every 5 s. */
export const METRICS_POLL_MS = 5_000;

export async function fetchMetrics(signal?: AbortSignal): Promise<SystemMetrics> {
  return api.get<SystemMetrics>('/admin/metrics', { signal });
}

export function metricsQueryOptions() {
  return queryOptions({
    // Under ['user']: admin-only data goes away with the session.
    queryKey: ['user', 'admin', 'metrics'],
    queryFn: ({ signal }) => fetchMetrics(signal),
    refetchInterval: METRICS_POLL_MS,
    // The next poll is the retry; failures are only logged (SPEC §8).
    retry: false,
  });
}

export function useMetrics(enabled: boolean) {
  return useQuery({ ...metricsQueryOptions(), enabled });
}
