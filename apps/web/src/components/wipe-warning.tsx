import { TriangleAlert } from 'lucide-react';
import { countdownText } from '@/lib/durations';

/**
 * «До вайпа 2 ч — предметы пропадут при вайпе»: said before items are bought close to the chosen
 * server's predicted wipe (the purchase dialog and the cart), so nobody pays for what is gone soon.
 */
export function WipeWarning({ leftMs, id }: { leftMs: number; id?: string }) {
  return (
    <p
      id={id}
      className="flex gap-2 rounded-md border border-warning/35 bg-warning/10 px-3 py-2.5 text-sm font-medium text-[#f5d27e]"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>До вайпа {countdownText(leftMs)} — предметы пропадут при вайпе</span>
    </p>
  );
}
