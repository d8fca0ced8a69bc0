import { API_BASE, ApiError } from '@/lib/api-client';
import { tokenStorage } from '@/lib/token-storage';

/**
 * The export zip, downloaded with the admin's token (a plain link would carry none) and saved under
 * the name the server gives it.
 */
export async function downloadExport(): Promise<void> {
  const token = tokenStorage.get();
  const response = await fetch(`${API_BASE}/admin/export`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(body?.message ?? 'Не удалось выгрузить данные', { status: response.status });
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    'shop-export.zip';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
