import { formatNumberRu, pluralRu, type KitItem } from '@shop/shared';

type KitLine = Pick<KitItem, 'name' | 'amount'>;

/**
 * Kits one purchase may hold: the shared KIT_MAX_QUANTITY (kit-contents.test.ts holds them equal),
 * written out here because the shared constant's module carries the zod schemas, which this
 * dialog's chunk otherwise does without.
 */
export const KITS_PER_PURCHASE = 100;

/** «×5 000»: how many of a line `kits` kits give, as the shop writes counts. */
export const kitLineAmount = (line: KitLine, kits = 1) => `×${formatNumberRu(line.amount * kits)}`;

/** «Дерево ×5 000, Камни ×5 000, Фрагменты металла ×1 000»: what `kits` kits hold, in one line. */
export const kitContentsText = (items: readonly KitLine[], kits = 1) =>
  items.map((line) => `${line.name} ${kitLineAmount(line, kits)}`).join(', ');

/** «3 предмета»: how many different items a kit holds. */
export const kitItemCount = (count: number) =>
  `${count} ${pluralRu(count, ['предмет', 'предмета', 'предметов'])}`;
