import { Gift } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/cn';
import type { GiftDraft } from './gift-draft';

// The recipient look-up (field, Steam search, message) is downloaded when the toggle is first opened.
const GiftRecipientForm = lazy(() => import('./gift-recipient-form'));

/** «Подарить»: buy for another player. Used by the product dialog and the cart. */
export function GiftToggle({
  id,
  draft,
  onChange,
  disabled,
  className,
}: {
  id: string;
  draft: GiftDraft;
  onChange: (draft: GiftDraft) => void;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'grid grid-cols-1 gap-3 rounded-lg border p-3 transition-colors',
        draft.open ? 'border-accent/35 bg-accent/6' : 'border-white/8 bg-white/4',
        className,
      )}
    >
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={id} className="flex min-w-0 cursor-pointer items-center gap-2.5">
          <Gift className="size-5 shrink-0 text-accent" aria-hidden="true" />
          <span className="min-w-0">
            <span className="block text-sm font-semibold text-white">Подарить</span>
            <span className="block text-xs text-muted-foreground">
              Купить для другого игрока по SteamID или ссылке на профиль
            </span>
          </span>
        </label>
        <Switch
          id={id}
          checked={draft.open}
          disabled={disabled}
          onCheckedChange={(open) => onChange({ ...draft, open })}
        />
      </div>
      {draft.open && (
        <Suspense
          fallback={
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner size="sm" /> Загрузка...
            </p>
          }
        >
          <GiftRecipientForm
            idPrefix={id}
            draft={draft}
            onChange={onChange}
            disabled={disabled ?? false}
          />
        </Suspense>
      )}
    </div>
  );
}
