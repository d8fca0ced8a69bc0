/** SPEC §9: after a quantity warning, further ones are swallowed for this long. */
export const WARNING_RESET_MS = 500;

/**
 * Lets one warning through, then holds the flag for `resetMs` so a burst of corrections (clicks,
 * a held arrow key, a catalogue refresh) shows one toast instead of a stack of identical ones.
 */
export function createWarningGate(
  resetMs = WARNING_RESET_MS,
  schedule: (callback: () => void, ms: number) => unknown = setTimeout,
) {
  let raised = false;
  return (warn: () => void): boolean => {
    if (raised) return false;
    raised = true;
    warn();
    schedule(() => {
      raised = false;
    }, resetMs);
    return true;
  };
}
