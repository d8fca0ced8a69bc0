import { useId } from 'react';
import { Button } from '@/components/ui/button';

/**
 * «Купить» where nothing can be bought now: the button greyed out and, under it, why in a few words
 * («Серверы на техобслуживании»). The reason describes the button, so a screen reader says both.
 * Meant for a card's price row, which wraps; the reason takes a line of its own.
 */
export function UnavailableBuy({ productName, reason }: { productName: string; reason: string }) {
  const reasonId = useId();
  return (
    <>
      <Button size="sm" disabled aria-label={`Купить ${productName}`} aria-describedby={reasonId}>
        Купить
      </Button>
      <p id={reasonId} className="w-full text-[11px] leading-snug font-medium text-foreground/80">
        {reason}
      </p>
    </>
  );
}
