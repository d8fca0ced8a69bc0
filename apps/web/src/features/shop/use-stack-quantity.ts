import { normalizeQuantity, quantityBounds, stepQuantity } from '@shop/shared';
import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { createWarningGate } from './warning-gate';

/**
 * The purchase dialog's quantity: starts at one stack and moves one stack per step. What is shown is
 * always the shared normalisation of what was asked for, so it is valid by construction; when that
 * differs (the catalogue refresh brought a new stack size while the dialog was open) the SPEC §5
 * warning 'Количество скорректировано до N (кратно S)' says so. `cap`: a limit of the product's own
 * (a kit is sold at most KIT_MAX_QUANTITY at a time).
 */
export function useStackQuantity(stackSize: number, cap = Number.POSITIVE_INFINITY) {
  const [requested, setRequested] = useState(() => quantityBounds(stackSize).min);
  const [gate] = useState(() => createWarningGate());
  const normalized = normalizeQuantity(requested, stackSize);
  const { min, max: bound } = quantityBounds(stackSize);
  const max = Math.max(min, Math.min(bound, cap - (cap % stackSize || 0)));
  const quantity = Math.min(normalized.quantity, max);
  const { message } = normalized;

  useEffect(() => {
    if (message) gate(() => toast.warning(message));
  }, [gate, message]);

  return {
    quantity,
    min,
    max,
    step: (direction: 1 | -1) =>
      setRequested(Math.min(max, stepQuantity(quantity, stackSize, direction))),
    setToBound: (bound: 'min' | 'max') => setRequested(bound === 'min' ? min : max),
  };
}
