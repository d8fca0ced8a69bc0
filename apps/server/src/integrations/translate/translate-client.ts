import { z } from 'zod';

const replySchema = z.object({ translatedText: z.string().min(1) });

/**
 * English to Russian through a LibreTranslate-compatible endpoint (`POST /translate`). A name that
 * cannot be translated is not an error for the admin: null means "keep the original".
 */
export async function translateToRussian(
  baseUrl: string | undefined,
  text: string,
  fetchImpl: typeof fetch = fetch,
): Promise<string | null> {
  if (!baseUrl) return null;
  try {
    const response = await fetchImpl(`${baseUrl.replace(/\/+$/, '')}/translate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ q: text, source: 'en', target: 'ru', format: 'text' }),
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) return null;
    const parsed = replySchema.safeParse(await response.json());
    return parsed.success ? parsed.data.translatedText.trim().slice(0, 120) : null;
  } catch {
    return null;
  }
}
