import { z } from 'zod';
import { formatNumberRu } from '../number-format';
import { SHORTNAME_PATTERN, SHORTNAME_RULE } from './game-items';

/** A kit holds at most this many lines (items); each line gives 1..KIT_LINE_MAX_AMOUNT of its item. */
export const KIT_MAX_LINES = 30;
export const KIT_LINE_MAX_AMOUNT = 100_000;
/**
 * At most this many kits in one purchase: a kit's job counts every item of every line times the
 * quantity (30 lines × 100 000 × 100 stays far inside the job's 32-bit counters).
 */
export const KIT_MAX_QUANTITY = 100;

/** One line of a kit as the shop shows it: the item, how many, its name and icon (null: none). */
export const kitItemSchema = z.object({
  gameItemName: z.string(),
  amount: z.number().int(),
  /** The item's name as players read it (the item table's Russian name, else English, else shortname). */
  name: z.string(),
  image: z.string().nullable(),
});
export type KitItem = z.infer<typeof kitItemSchema>;

/** The kit rules' messages, the web form's too: each names the field or the line it is about. */
export const KIT_MESSAGES = {
  shape: 'Набор: каждая строка — предмет (shortname) и количество',
  empty: 'Набор: добавьте хотя бы один предмет',
  tooMany: `Набор: не больше ${KIT_MAX_LINES} предметов`,
  noItem: (line: number) => `Набор, строка ${line}: выберите предмет`,
  badItem: (line: number) => `Набор, строка ${line}: ${SHORTNAME_RULE}`,
  badAmount: (line: number) =>
    `Набор, строка ${line}: количество — целое число от 1 до ${formatNumberRu(KIT_LINE_MAX_AMOUNT)}`,
  duplicate: (line: number, first: number, shortname: string) =>
    `Набор, строка ${line}: ${shortname} уже есть в строке ${first} — сложите количество в одну строку`,
  commands: 'Набор выдаётся предметами: очистите поле «Команды выдачи»',
  revokeCommands: 'Набор выдаётся предметами: очистите поле «Команды окончания»',
  vip: 'Набор не выдаёт VIP: уберите уровень и срок VIP',
  quantity: 'Набор продаётся поштучно: «Количество в стаке» — 1',
} as const;

/** A kit's line as the admin sends it: the item's shortname and how many of it one kit gives. */
export const kitLineInputSchema = z.object(
  {
    gameItemName: z.string({ error: KIT_MESSAGES.shape }),
    amount: z.coerce.number({ error: KIT_MESSAGES.shape }),
  },
  { error: KIT_MESSAGES.shape },
);
export type KitLineInput = z.output<typeof kitLineInputSchema>;

/**
 * A kit's lines: 1..KIT_MAX_LINES, each a shortname by the one rule for shortnames and a whole amount
 * of 1..KIT_LINE_MAX_AMOUNT, no item twice. Every refusal names its line.
 */
export const kitItemsInputSchema = z
  .array(kitLineInputSchema, { error: KIT_MESSAGES.shape })
  .superRefine((lines, ctx) => {
    const refuse = (message: string, path: PropertyKey[] = []) =>
      ctx.addIssue({ code: 'custom', message, path });
    if (lines.length === 0) refuse(KIT_MESSAGES.empty);
    if (lines.length > KIT_MAX_LINES) refuse(KIT_MESSAGES.tooMany);
    const firstLine = new Map<string, number>();
    lines.forEach((line, index) => {
      const number = index + 1;
      const shortname = line.gameItemName.trim();
      if (!shortname) refuse(KIT_MESSAGES.noItem(number), [index, 'gameItemName']);
      else if (!SHORTNAME_PATTERN.test(shortname))
        refuse(KIT_MESSAGES.badItem(number), [index, 'gameItemName']);
      else if (firstLine.has(shortname))
        refuse(KIT_MESSAGES.duplicate(number, firstLine.get(shortname)!, shortname), [
          index,
          'gameItemName',
        ]);
      else firstLine.set(shortname, number);
      if (!Number.isInteger(line.amount) || line.amount < 1 || line.amount > KIT_LINE_MAX_AMOUNT)
        refuse(KIT_MESSAGES.badAmount(number), [index, 'amount']);
    });
  })
  .transform((lines) =>
    lines.map((line) => ({ gameItemName: line.gameItemName.trim(), amount: line.amount })),
  );
