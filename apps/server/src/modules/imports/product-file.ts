import { DEFAULT_SITE_CONTENT, productInputSchema, type ImportError } from '@shop/shared';
import type { z } from 'zod';
import { csvRows } from './csv-rows';

export type ProductFields = z.output<typeof productInputSchema>;

/** One product of an import file, checked as the admin's product form checks one. */
export interface ProductRowInput {
  line: number;
  fields: ProductFields;
  /** The server as the file names it, for the preview. */
  serverLabel: string;
}

export const PRODUCT_FILE_MAX_ROWS = 5_000;
/** The file's columns, and the other names a column may go by. */
const COLUMNS: Record<string, string[]> = {
  name: ['name', 'название'],
  category: ['category', 'категория'],
  price: ['price', 'цена'],
  shortname: ['shortname', 'item', 'gameitemname', 'предмет'],
  amount: ['amount', 'quantity', 'stacksize', 'количество'],
  commands: ['commands', 'команды'],
  server: ['server', 'сервер'],
};
const ALL_SERVERS = new Set(['', 'all', 'все', 'все серверы']);

export const PRODUCT_FILE_MESSAGES = {
  empty: 'В файле нет ни одного товара',
  tooMany: 'Не больше 5 000 товаров в одном файле',
  header: 'Первая строка CSV: name,category,price,shortname,amount,commands,server',
  notObject: 'Запись должна быть объектом с полями name, category, price, shortname',
  category: (keys: string[]) => `Категория: одна из ${keys.join(', ')}`,
  server: (name: string) => `Сервер «${name}» не найден`,
  repeated: (line: number) => `Такой же товар уже есть в строке ${line}`,
} as const;

/** A cell of either format as trimmed text; a list (JSON commands) joined with commas. */
function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(text).join(', ');
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The owner's categories, by key or by name; a cell may use either. */
export type CategoryList = ReadonlyArray<{ key: string; label: string }>;

function categoryOf(value: string, categories: CategoryList): string | null {
  const wanted = value.toLowerCase();
  const found = categories.find(
    ({ key, label }) => key === wanted || label.toLowerCase() === wanted,
  );
  return found?.key ?? null;
}

/** Records from CSV (by its header) or JSON, each as column → value with its line. */
function recordsOf(content: string | unknown[]) {
  if (Array.isArray(content)) {
    return {
      records: content.map((item, index) => ({ line: index + 1, item })),
      error: null,
    };
  }
  const { rows, error } = csvRows(content);
  if (error) return { records: [], error };
  const [header, ...data] = rows;
  const names = (header?.cells ?? []).map((cell) => {
    const lower = cell.toLowerCase();
    return Object.keys(COLUMNS).find((column) => COLUMNS[column]!.includes(lower)) ?? cell;
  });
  if (!['name', 'category', 'price', 'shortname'].every((column) => names.includes(column))) {
    return { records: [], error: { line: 1, message: PRODUCT_FILE_MESSAGES.header } };
  }
  return {
    records: data.map(({ line, cells }) => ({
      line,
      item: Object.fromEntries(names.map((name, index) => [name, cells[index] ?? ''])),
    })),
    error: null,
  };
}

/**
 * Reads a product file (CSV with a header row, or a JSON array) against the shop's servers. Every
 * bad row is reported by its line (a JSON array: by the element's number); any error imports nothing.
 */
export function readProductFile(
  content: string | unknown[],
  servers: Array<{ id: number; name: string }>,
  categories: CategoryList = DEFAULT_SITE_CONTENT.categories,
): { count: number; rows: ProductRowInput[]; errors: ImportError[] } {
  const { records, error } = recordsOf(content);
  const count = records.length;
  if (error) return { count, rows: [], errors: [error] };
  if (count === 0)
    return { count, rows: [], errors: [{ line: 1, message: PRODUCT_FILE_MESSAGES.empty }] };
  if (count > PRODUCT_FILE_MAX_ROWS) {
    return { count, rows: [], errors: [{ line: 1, message: PRODUCT_FILE_MESSAGES.tooMany }] };
  }
  const rows: ProductRowInput[] = [];
  const errors: ImportError[] = [];
  const seen = new Map<string, number>();
  for (const { line, item } of records) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      errors.push({ line, message: PRODUCT_FILE_MESSAGES.notObject });
      continue;
    }
    const value = (column: string) =>
      text(
        COLUMNS[column]!.map((name) => (item as Record<string, unknown>)[name]).find(
          (v) => v !== undefined,
        ),
      );
    const category = categoryOf(value('category'), categories);
    const serverLabel = value('server');
    const server = ALL_SERVERS.has(serverLabel.toLowerCase())
      ? 'all'
      : servers.find(
          (s) => String(s.id) === serverLabel || s.name.toLowerCase() === serverLabel.toLowerCase(),
        );
    if (!category) {
      errors.push({
        line,
        message: PRODUCT_FILE_MESSAGES.category(categories.map((item) => item.key)),
      });
      continue;
    }
    if (!server) {
      errors.push({ line, message: PRODUCT_FILE_MESSAGES.server(serverLabel) });
      continue;
    }
    const parsed = productInputSchema.safeParse({
      name: value('name'),
      category,
      price: value('price')
        .replace(/[ \u00a0]/g, '')
        .replace(',', '.'),
      gameItemName: value('shortname'),
      quantity: value('amount') || undefined,
      commands: value('commands') || null,
      server: server === 'all' ? 'all' : String(server.id),
    });
    if (!parsed.success) {
      errors.push({ line, message: parsed.error.issues[0]?.message ?? 'Ошибка в товаре' });
      continue;
    }
    const key = [parsed.data.name.toLowerCase(), parsed.data.gameItemName, parsed.data.server].join(
      '|',
    );
    if (seen.has(key)) {
      errors.push({ line, message: PRODUCT_FILE_MESSAGES.repeated(seen.get(key)!) });
      continue;
    }
    seen.set(key, line);
    rows.push({
      line,
      fields: parsed.data,
      serverLabel: server === 'all' ? 'Все серверы' : server.name,
    });
  }
  return { count, rows, errors };
}
