import { useMemo, type ReactNode } from 'react';
import { CategoryPictures } from '@/components/category-art';
import { useSite } from '@/features/site/api/get-site-settings';

/**
 * The owner's category pictures from the settings in force, for every card and list that draws a
 * category's picture: one lookup here rather than each card reading the settings.
 */
export function CategoryPicturesProvider({ children }: { children: ReactNode }) {
  const categories = useSite()?.categories;
  const pictures = useMemo(
    () =>
      new Map(
        (categories ?? []).flatMap((category) =>
          category.image ? [[category.key, category.image] as const] : [],
        ),
      ),
    [categories],
  );
  return <CategoryPictures.Provider value={pictures}>{children}</CategoryPictures.Provider>;
}
