import { Minus, Plus } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/**
 * SPEC §2: minus/plus one stack, a read-only number between them. The field is read-only for typing
 * but still answers the arrow keys (and Home/End), so keyboard users step it as with a spin button.
 */
export function QuantityStepper({
  id,
  quantity,
  min,
  max,
  disabled,
  describedBy,
  onStep,
  onBound,
  kit = false,
}: {
  id: string;
  quantity: number;
  min: number;
  max: number;
  disabled?: boolean;
  describedBy?: string;
  onStep: (direction: 1 | -1) => void;
  onBound: (bound: 'min' | 'max') => void;
  /** Counting kits: one step is one kit. */
  kit?: boolean;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const actions: Record<string, () => void> = {
      ArrowUp: () => onStep(1),
      ArrowRight: () => onStep(1),
      ArrowDown: () => onStep(-1),
      ArrowLeft: () => onStep(-1),
      Home: () => onBound('min'),
      End: () => onBound('max'),
    };
    const action = actions[event.key];
    if (!action || disabled) return;
    event.preventDefault();
    action();
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{kit ? 'Количество наборов' : 'Количество, шт.'}</Label>
      <div className="flex items-center gap-2">
        <Button
          variant="outline"
          size="icon"
          aria-label={kit ? 'Уменьшить на один набор' : 'Уменьшить на один стак'}
          aria-controls={id}
          disabled={disabled || quantity <= min}
          onClick={() => onStep(-1)}
        >
          <Minus aria-hidden="true" />
        </Button>
        <Input
          id={id}
          type="number"
          readOnly
          value={quantity}
          min={min}
          max={max}
          aria-describedby={describedBy}
          onKeyDown={onKeyDown}
          look="number"
          className="[appearance:textfield] text-center font-bold tabular-nums [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        />
        <Button
          variant="outline"
          size="icon"
          aria-label={kit ? 'Увеличить на один набор' : 'Увеличить на один стак'}
          aria-controls={id}
          disabled={disabled || quantity >= max}
          onClick={() => onStep(1)}
        >
          <Plus aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
