import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/**
 * One part of «Оформление», folded until opened: the tab stays short, and what a part loads (the
 * documents' Markdown renderer) is loaded only when the owner opens it. Edits live in the tab's
 * draft, so folding a part keeps them.
 */
export function SiteSection({
  title,
  description,
  defaultOpen = false,
  children,
  footer,
}: {
  title: string;
  description?: string;
  defaultOpen?: boolean;
  children: ReactNode;
  /** The part's «Опубликовать», under its fields. */
  footer?: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = useId();
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} className="min-w-0">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
          className="flex w-full cursor-pointer items-center justify-between gap-3 rounded-xl p-5 text-left focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring sm:px-6"
        >
          <span className="min-w-0">
            <span
              id={titleId}
              className="block font-display text-lg font-bold tracking-wide text-white uppercase"
            >
              {title}
            </span>
            {description && (
              <span className="mt-1 block text-sm text-muted-foreground">{description}</span>
            )}
          </span>
          <ChevronDown
            aria-hidden="true"
            className={cn('size-5 shrink-0 transition-transform', open && 'rotate-180')}
          />
        </button>
      </h2>
      {open && (
        <div id={bodyId} className="flex flex-col gap-5 border-t border-white/8 p-5 sm:p-6">
          {children}
          {footer}
        </div>
      )}
    </Card>
  );
}
