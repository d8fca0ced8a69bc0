/** Polls a condition until it holds; for state that settles asynchronously (links, workers). */
export async function waitUntil(
  condition: () => Promise<boolean> | boolean,
  { timeoutMs = 10_000, intervalMs = 50, what = 'condition' } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
