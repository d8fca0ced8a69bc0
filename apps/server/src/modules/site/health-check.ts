/**
 * A check whose outcome is kept for `ttlMs`, with one run in flight at a time: however many
 * monitors, balancers and strangers ask at once, the database sees at most one query per `ttlMs`.
 * A failure is kept just as long, so a database in trouble is not hammered by the probes either.
 */
export function cachedCheck(
  check: () => Promise<unknown>,
  { ttlMs, now = Date.now }: { ttlMs: number; now?: () => number },
): () => Promise<void> {
  let last: { at: number; failed: boolean; error?: unknown } | undefined;
  let running: Promise<void> | undefined;

  const run = async () => {
    try {
      await check();
      last = { at: now(), failed: false };
    } catch (error) {
      last = { at: now(), failed: true, error };
    }
  };

  return async () => {
    if (!last || now() - last.at >= ttlMs) {
      running ??= run().finally(() => {
        running = undefined;
      });
      await running;
    }
    if (last?.failed) throw last.error;
  };
}
