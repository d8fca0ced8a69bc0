import { orderStatusLabel } from '@shop/shared';

export type StatusTone = 'success' | 'warning' | 'destructive' | 'secondary';

/** SPEC §4 order status label (shared wording) with the badge tone the profile and admin use. */
export function orderStatus(status: string): { label: string; tone: StatusTone } {
  const label = orderStatusLabel(status);
  if (status === 'completed') return { label, tone: 'success' };
  if (status === 'pending') return { label, tone: 'warning' };
  return { label, tone: 'destructive' };
}
