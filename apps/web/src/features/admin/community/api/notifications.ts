import type {
  NotificationDestination,
  NotificationDestinationCreate,
  NotificationStatus,
} from '@shop/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../shared/admin-keys';

const key = [...adminKeys.all, 'notifications'] as const;

/** Messengers, destinations and the outbox: refreshed while open, so sends and dead letters show. */
export function useNotificationStatus() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<NotificationStatus>('/admin/notifications', { signal }),
    refetchInterval: 10_000,
  });
}

function useNotificationMutation<T, R>(run: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useAddDestination = () =>
  useNotificationMutation((input: NotificationDestinationCreate) =>
    api.post<NotificationDestination>('/admin/notifications/destinations', input),
  );

export const useDeleteDestination = () =>
  useNotificationMutation((id: number) => api.delete(`/admin/notifications/destinations/${id}`));

export const useTestDestination = () =>
  useNotificationMutation((id: number) =>
    api.post<{ ok: boolean; error: string | null }>(`/admin/notifications/destinations/${id}/test`),
  );

export const useRetryNotification = () =>
  useNotificationMutation((id: number) => api.post(`/admin/notifications/outbox/${id}/retry`));
