import { formatNumber, formatRoubles } from '@/lib/format';
import { useBalanceImportRuns } from '../api/get-import-runs';

/**
 * «Зачислено 12 000 из 50 000 строк»: a balance file goes through in batches and the shop keeps
 * working meanwhile; this shows how far the running import is, from the server's own count.
 */
export function BalanceImportProgress({ active }: { active: boolean }) {
  const runs = useBalanceImportRuns(active);
  const run = runs.data?.runs.find((candidate) => candidate.finishedAt === null);
  if (!active || !run) return null;
  const percent = run.rows > 0 ? Math.floor((run.done / run.rows) * 100) : 0;
  return (
    <div className="grid gap-2" aria-live="polite">
      <div
        role="progressbar"
        aria-label="Перенос балансов"
        aria-valuemin={0}
        aria-valuemax={run.rows}
        aria-valuenow={run.done}
        className="h-2 overflow-hidden rounded-full bg-white/10"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-foreground/85">
        Обработано {formatNumber(run.done)} из {formatNumber(run.rows)} строк ({percent}%),
        зачислено {formatNumber(run.credited)} на {formatRoubles(run.total)}. Магазин работает как
        обычно.
      </p>
    </div>
  );
}
