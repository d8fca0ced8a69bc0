import { vipTierRank, type VipStep } from '@shop/shared';

/** A VIP term as the plan's rules see it (vip_periods without its delivery details). */
export interface Term {
  tier: string;
  serverId: number | null;
  state: 'waiting' | 'running' | 'ended';
  remainingMs: number | null;
  endsBy: Date | null;
  startedAt: Date | null;
  endsAt: Date | null;
  firstStartedAt: Date | null;
  endedAt: Date | null;
  endReason: string | null;
}

const at = (date: Date | null) => date?.getTime() ?? Number.POSITIVE_INFINITY;

/** How long a term still has from `now` (a running one to its end, a waiting one its rest). */
export function remainingMs(term: Term, now: number): number {
  if (term.state === 'running') return at(term.endsAt) - now;
  const rest = Math.min(term.remainingMs ?? Number.POSITIVE_INFINITY, at(term.endsBy) - now);
  return Number.isFinite(rest) ? rest : 0;
}

export const sameVip = (a: Term | undefined, b: Term | undefined) =>
  a !== undefined && b !== undefined && a.tier === b.tier && a.serverId === b.serverId;

function start<T extends Term>(term: T, now: number): void {
  const end = now + remainingMs(term, now);
  Object.assign(term, {
    state: 'running',
    startedAt: new Date(now),
    endsAt: new Date(end),
    firstStartedAt: term.firstStartedAt ?? new Date(now),
  });
}

/** Stops a running term, keeping the time it has left for when it resumes. */
function pause<T extends Term>(term: T, now: number): void {
  Object.assign(term, {
    state: 'waiting',
    remainingMs: Math.max(at(term.endsAt) - now, 0),
    startedAt: null,
    endsAt: null,
  });
}

export function endTerm<T extends Term>(term: T, now: number, reason: string): void {
  Object.assign(term, {
    state: 'ended',
    endedAt: new Date(now),
    endReason: reason,
    startedAt: null,
    endsAt: null,
  });
}

/**
 * Where a purchased term goes among the live ones (in plan order): a higher tier than the running
 * one runs first; any other goes after every term of its tier or higher, so the same tier extends
 * and a lower one waits for the current one to end.
 */
export function insertTerm<T extends Term>(live: T[], term: T): T[] {
  const rank = vipTierRank(term.tier);
  const first = live[0];
  if (!first || rank > vipTierRank(first.tier)) return [term, ...live];
  const index = live.findIndex((other, i) => i > 0 && vipTierRank(other.tier) < rank);
  return index === -1 ? [...live, term] : [...live.slice(0, index), term, ...live.slice(index)];
}

/**
 * Brings a plan to `now`: a running term that is not first pauses; the first runs (a term whose
 * time ran out ends at its end and the next starts right then, so catching up after a pause of
 * the sweep loses nobody a minute); a waiting term with no time left ends. Returns the live
 * terms, in order; ended ones are marked in place.
 */
export function settleTerms<T extends Term>(plan: T[], now: number): T[] {
  const live = plan.filter((term) => term.state !== 'ended');
  for (const term of live.slice(1)) if (term.state === 'running') pause(term, now);
  let cursor = now;
  while (live[0]) {
    const first = live[0];
    if (first.state === 'waiting') {
      if (remainingMs(first, cursor) <= 0) {
        endTerm(first, cursor, 'expired');
        live.shift();
        continue;
      }
      start(first, cursor);
    }
    const end = at(first.endsAt);
    if (end > now) break;
    endTerm(first, end, 'expired');
    live.shift();
    cursor = end;
  }
  return live;
}

/** Each live term's stretch from `now`, one after another; null for a term with no time left. */
function spans(live: readonly Term[], now: number): Array<{ from: number; until: number } | null> {
  let cursor = now;
  return live.map((term) => {
    const length = remainingMs(term, cursor);
    if (length <= 0) return null;
    const from = term.state === 'running' ? now : cursor;
    cursor = from + length;
    return { from, until: cursor };
  });
}

/** The plan as stretches from `now`: each live term after the one before it. */
export function planSteps(live: readonly Term[], now: number): VipStep[] {
  const all = spans(live, now);
  return live.flatMap((term, index) => {
    const span = all[index];
    return span
      ? [
          {
            tier: term.tier,
            from: new Date(span.from).toISOString(),
            until: new Date(span.until).toISOString(),
          },
        ]
      : [];
  });
}

/** When the running term's block ends: it and the terms of the same tier and server right after. */
export function blockEnd(live: readonly Term[], now: number): Date | null {
  const all = spans(live, now);
  let end: number | null = null;
  for (const [index, term] of live.entries()) {
    if (index > 0 && !sameVip(term, live[0])) break;
    end = all[index]?.until ?? end;
  }
  return end === null ? null : new Date(end);
}
