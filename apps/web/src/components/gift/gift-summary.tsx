import { Gift } from 'lucide-react';
import { UserAvatar } from '@/components/user-avatar';
import { cn } from '@/lib/cn';
import type { GiftDraft } from './gift-draft';

/** «Подарок для NAME», beside the pay button, so nobody pays for a gift without seeing for whom. */
export function GiftSummary({ draft, className }: { draft: GiftDraft; className?: string }) {
  if (!draft.open || !draft.recipient) return null;
  const { recipient } = draft;
  return (
    <p
      aria-live="polite"
      className={cn(
        'flex min-w-0 items-center gap-2 rounded-md border border-accent/30 bg-accent/10 px-3 py-2 text-sm text-white',
        className,
      )}
    >
      <Gift className="size-4 shrink-0 text-accent" aria-hidden="true" />
      <UserAvatar src={recipient.avatar} name={recipient.name} className="size-6 text-xs" />
      <span className="min-w-0 truncate">
        Подарок для <strong className="font-semibold">{recipient.name}</strong>
      </span>
    </p>
  );
}
