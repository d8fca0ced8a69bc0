/** Russian plural forms: 1 заказ, 2 заказа, 5 заказов, 11 заказов, 21 заказ, 22 заказа. */
export function pluralRu<T extends string>(
  count: number,
  forms: readonly [one: T, few: T, many: T],
): T {
  const n = Math.abs(Math.trunc(count));
  const lastTwo = n % 100;
  const last = n % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return forms[2];
  if (last === 1) return forms[0];
  if (last >= 2 && last <= 4) return forms[1];
  return forms[2];
}
