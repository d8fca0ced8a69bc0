const MINUTE_MS = 60_000;

/**
 * A wait as the shop says it: «5 ч 12 мин», «5 ч», «12 мин». Rounded up to the whole minute, so a
 * wait is never shown as «0 мин» while it still holds (the last seconds read «1 мин»).
 */
export function formatWaitRu(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE_MS));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} мин`;
  return rest === 0 ? `${hours} ч` : `${hours} ч ${rest} мин`;
}

/** The refusal of a product still blocked after a wipe: «Доступно через 5 ч 12 мин». */
export const availableInText = (ms: number) => `Доступно через ${formatWaitRu(ms)}`;
