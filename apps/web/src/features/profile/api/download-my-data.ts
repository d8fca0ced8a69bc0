import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Fetches everything the shop keeps about the player (`GET /api/profile/data`) and saves it as a
 * JSON file: through the API client, since the request needs the session's token, which a plain
 * link could not carry.
 */
export function useDownloadMyData(steamId: string) {
  return useMutation({
    mutationFn: async () => {
      const data = await api.get<unknown>('/profile/data');
      const file = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(file);
      link.download = `my-data-${steamId}-${new Date().toISOString().slice(0, 10)}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      // After the click has handed the file to the browser's download.
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    },
  });
}
