/** Pages needed for `total` rows; at least one, so an empty list still reads 'Страница 1 из 1'. */
export function pageCount(total: number, pageSize: number): number {
  if (pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}
