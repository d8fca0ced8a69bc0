/** How long an unanswered money call keeps its key for the user's own repeat of it. */
export const ACTION_KEY_LIFETIME_MS = 10 * 60_000;

/** A random Idempotency-Key; getRandomValues works outside secure contexts too, unlike randomUUID. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One key per user action. A request that got no answer (the network failed after every retry) keeps
 * its key: when the player presses the same button again for the same thing, the server recognises
 * the action and answers what really happened instead of doing it twice. An answer of any kind, a
 * different request, or ten minutes without one start a new action.
 */
export function createActionKeys(now: () => number = Date.now) {
  const unanswered = new Map<string, { key: string; at: number }>();
  return {
    begin(method: string, path: string, body: unknown) {
      const fingerprint = `${method} ${path} ${JSON.stringify(body ?? null)}`;
      const open = unanswered.get(fingerprint);
      const key = open && now() - open.at < ACTION_KEY_LIFETIME_MS ? open.key : newIdempotencyKey();
      unanswered.set(fingerprint, { key, at: open?.key === key ? open.at : now() });
      return { key, settle: () => unanswered.delete(fingerprint) };
    },
  };
}
