import type { ProductCategory } from '@shop/shared';
import { createContext, useContext, useState } from 'react';
import { cn } from '@/lib/cn';

/**
 * The owner's pictures by category key (`site.categories[].image`), given by the app around every
 * page. Outside it (a test rendering one card) there are none, and the drawn pictures show.
 */
export const CategoryPictures = createContext<ReadonlyMap<string, string>>(new Map());

/**
 * Our own picture for each shop category, drawn for the shop: what a product shows when no icon of
 * the item is known (DATA_DIR/img or ITEM_ICON_URL), so a shelf never shows one crate for everything.
 * Each is a few strokes on a 64-unit grid; `tone` is the category's colour.
 */
const art: Record<ProductCategory, { tone: string; paths: readonly string[] }> = {
  weapons: {
    tone: '#e0694f',
    paths: ['M6 30h34l6-4h12v7H46l-4 3H30l-3 12h-8l3-12H6z', 'M20 36l-2 6', 'M44 26V20'],
  },
  tools: {
    tone: '#d9a441',
    paths: ['M14 50 40 24', 'M30 14c8-4 18-2 22 6l-6 2c-3-4-8-5-12-4z', 'M40 24l-6-6'],
  },
  resources: {
    tone: '#9fb3c8',
    paths: ['M8 48 18 30l10 4 8-14 12 8 8 20z', 'M18 30l6 18', 'M36 20l2 28', 'M48 28l-4 20'],
  },
  clothing: {
    tone: '#7fb069',
    paths: ['M24 10 12 16 6 30l8 4 4-8v28h28V26l4 8 8-4-6-14-12-6c-2 5-5 7-8 7s-6-2-8-7z'],
  },
  building: {
    tone: '#c08457',
    paths: ['M8 54V28L32 10l24 18v26z', 'M8 40h48', 'M20 28v12', 'M32 40v14', 'M44 28v12'],
  },
  ammunition: {
    tone: '#e3c567',
    paths: [
      'M14 54V28c0-8 4-14 6-16 2 2 6 8 6 16v26z',
      'M30 54V28c0-8 4-14 6-16 2 2 6 8 6 16v26z',
      'M14 46h12',
      'M30 46h12',
    ],
  },
  medical: {
    tone: '#e05d5d',
    paths: ['M24 8h16v16h16v16H40v16H24V40H8V24h16z'],
  },
  food: {
    tone: '#d98b4a',
    paths: ['M40 10c10 0 16 8 14 16s-10 12-18 10L22 50a5 5 0 1 1-8-6l14-14c-2-8 2-20 12-20z'],
  },
  kits: {
    tone: '#b08968',
    paths: ['M8 22 32 10l24 12v24L32 58 8 46z', 'M8 22l24 12 24-12', 'M32 34v24', 'M20 16l24 12'],
  },
  vip: {
    tone: '#f0c04a',
    paths: ['M8 48 12 18l12 14 8-18 8 18 12-14 4 30z', 'M8 54h48'],
  },
  miscellaneous: {
    tone: '#a39485',
    paths: [
      'M32 8l6 6h8v8l6 6-6 6v8h-8l-6 6-6-6h-8v-8l-6-6 6-6v-8h8z',
      'M32 24a8 8 0 1 1 0 16 8 8 0 0 1 0-16z',
    ],
  },
};

/** The owner's picture for the category, or the drawn one while none is set (or it fails to load). */
export function CategoryArt({
  category,
  className,
}: {
  category: string | null | undefined;
  className?: string;
}) {
  const pictures = useContext(CategoryPictures);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const picture = category ? pictures.get(category) : undefined;
  if (picture && picture !== failedSrc) {
    return (
      <img
        src={picture}
        alt=""
        width={64}
        height={64}
        loading="lazy"
        decoding="async"
        className={cn('mx-auto block rounded-md object-cover', className, 'max-h-36 max-w-36')}
        onError={() => setFailedSrc(picture)}
      />
    );
  }
  const { tone, paths } =
    art[(category ?? 'miscellaneous') as ProductCategory] ?? art.miscellaneous;
  return (
    <svg
      viewBox="0 0 64 64"
      width="64"
      height="64"
      aria-hidden="true"
      className={cn('mx-auto block', className, 'max-h-36 max-w-36')}
      fill="none"
      stroke={tone}
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="32" cy="32" r="30" fill={tone} fillOpacity="0.08" stroke="none" />
      {paths.map((d) => (
        <path key={d} d={d} fill={tone} fillOpacity="0.18" />
      ))}
    </svg>
  );
}
