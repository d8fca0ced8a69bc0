import { formatNumberRu, KIT_MESSAGES, type KitItem } from '@shop/shared';
import type { z } from 'zod';
import { failure } from '../shared/form-result';

/** One line of the kit editor: the picked item as the admin sees it, and the amount as typed. */
export interface KitLineValues {
  gameItemName: string;
  /** The item's name and icon, for the editor only (the server names the lines itself). */
  name: string;
  image: string | null;
  /** The item table's category, for the icon's fallback picture. */
  category: string | null;
  amount: string;
}

/** «Дерево ×5 000, Камни ×5 000»: what a kit holds, on its card in the panel. */
export const kitSummary = (items: readonly Pick<KitItem, 'name' | 'amount'>[]) =>
  items.map((line) => `${line.name} ×${formatNumberRu(line.amount)}`).join(', ');

/** The editor's lines of a stored kit. */
export const kitToForm = (items: readonly KitItem[] | null | undefined): KitLineValues[] =>
  (items ?? []).map((line) => ({
    gameItemName: line.gameItemName,
    name: line.name,
    image: line.image,
    category: null,
    amount: String(line.amount),
  }));

/** A picked item as a new line of one piece. */
export const itemToKitLine = (item: {
  shortname: string;
  nameEn: string;
  nameRu: string | null;
  image: string | null;
  category: string;
}): KitLineValues => ({
  gameItemName: item.shortname,
  name: item.nameRu ?? item.nameEn,
  image: item.image,
  category: item.category,
  amount: '1',
});

/**
 * The lines as the API takes them. An amount that is not a whole number goes as 0, so the shared
 * schema refuses it with its message naming the line («Набор, строка 2: количество — …»).
 */
export function kitLinesToInput(lines: readonly KitLineValues[]) {
  return lines.map((line) => {
    const amount = line.amount.trim().replace(/\s/g, '');
    return {
      gameItemName: line.gameItemName,
      amount: /^\d{1,9}$/.test(amount) ? Number(amount) : 0,
    };
  });
}

/**
 * A refused kit form: the first issue's message, and the fields to mark: a line's own input
 * (`kitItems.2.amount`) where the issue names one, else the field.
 */
export function kitFailure(error: z.ZodError) {
  const fields = error.issues.map((issue) =>
    issue.path[0] === 'kitItems' && issue.path.length > 1
      ? issue.path.map(String).join('.')
      : String(issue.path[0] ?? ''),
  );
  return failure(
    error.issues[0]?.message ?? KIT_MESSAGES.shape,
    [...new Set(fields)].filter(Boolean),
  );
}
