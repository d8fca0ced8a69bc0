import { normalizeQuantity, quantityBounds, stepQuantity } from '@shop/shared';
import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { createWarningGate } from './warning-gate';

/**
 * The purchase dialog's quantity: starts at one stack and moves one stack per step. What is shown is
 * always the shared normalisation of what was asked for, so it is valid by construction; when that
 * differs (the catalogue refresh brought a new stack size while the dialog was open) the SPEC §5
 * warning 'Количество скорректировано до N (кратно S)' says so.
 */
export function useStackQuantity(stackSize: number) {
  const [requested, setRequested] = useState(() => quantityBounds(stackSize).min);
  const [gate] = useState(() => createWarningGate());
  const { quantity, message } = normalizeQuantity(requested, stackSize);
  const { min, max } = quantityBounds(stackSize);

  useEffect(() => {
    if (message) gate(() => toast.warning(message));
  }, [gate, message]);

  return {
    quantity,
    min,
    max,
    step: (direction: 1 | -1) => setRequested(stepQuantity(quantity, stackSize, direction)),
    setToBound: (bound: 'min' | 'max') => setRequested(bound === 'min' ? min : max),
  };
}
