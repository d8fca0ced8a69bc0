import type { PublicServer } from '@shop/shared';
import { Calendar } from 'lucide-react';
import { useAgeCountdownNow } from '@/lib/use-now';
import { NO_WIPE_TEXT, wipeSummary } from '../wipe-summary';

/**
 * The card's wipe row, counting live: «Вайп: 3 дня назад · следующий через 2 д 4 ч». A row of its
 * own so only it renders, and only when a minute of either part turns. The parts wrap as wholes on
 * a narrow phone, never mid-part.
 */
export function ServerWipeFact({ server }: { server: PublicServer }) {
  const now = useAgeCountdownNow(server.lastWipeAt, server.nextWipeAt);
  const summary = wipeSummary(server, now);
  return (
    <div className="col-span-2 flex min-w-0 items-start gap-2 text-muted-foreground">
      {/* The icon sits in the <dt>: a <dl> row may hold nothing but its term and its value. */}
      <dt className="shrink-0 pt-0.5">
        <Calendar className="size-4 text-primary" aria-hidden="true" />
        <span className="sr-only">Вайп</span>
      </dt>
      <dd className="min-w-0" data-testid="server-wipe">
        {summary === null ? (
          NO_WIPE_TEXT
        ) : (
          <>
            Вайп:{' '}
            {summary.last && (
              <time dateTime={server.lastWipeAt ?? undefined} className="whitespace-nowrap">
                {summary.last}
              </time>
            )}
            {summary.last && summary.next && <span aria-hidden="true"> · </span>}
            {summary.next && (
              <time
                dateTime={server.nextWipeAt ?? undefined}
                className="whitespace-nowrap text-foreground/90"
              >
                {summary.next}
              </time>
            )}
          </>
        )}
      </dd>
    </div>
  );
}
