import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names; it does not merge them. Resolving Tailwind conflicts at run time
 * (tailwind-merge) built a map of the whole Tailwind config on the first call, a long task on the
 * first load of every page. So a caller must never pass a class that sets what the component's own
 * classes already set (a second `px-*`, `bg-*`, `h-*`...): both would land on the element and the
 * stylesheet's order, not the attribute's, would decide. Components offer their alternatives as
 * props instead (a variant, a size, a padding).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
