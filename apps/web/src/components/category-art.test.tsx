import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CategoryArt, CategoryPictures } from './category-art';
import { ImageWithFallback } from './ui/image-with-fallback';

const pictures = new Map([['weapons', '/api/site/images/0123456789abcdef0123-category-160.webp']]);

const withPictures = (node: ReactNode) =>
  renderToStaticMarkup(
    <CategoryPictures.Provider value={pictures}>{node}</CategoryPictures.Provider>,
  );

describe("a category's picture", () => {
  it("is the owner's upload when set, decorative and sized like the drawn one", () => {
    const html = withPictures(<CategoryArt category="weapons" className="size-full" />);
    expect(html).toMatch(/^<img /);
    expect(html).toContain('src="/api/site/images/0123456789abcdef0123-category-160.webp"');
    expect(html).toContain('alt=""');
    expect(html).toContain('width="64" height="64"');
    expect(html).toContain('size-full');
    expect(html).toContain('max-h-36 max-w-36');
  });

  it('is the drawn one for a category without an upload, or outside the app', () => {
    expect(withPictures(<CategoryArt category="tools" />)).toMatch(/^<svg /);
    expect(withPictures(<CategoryArt category={null} />)).toMatch(/^<svg /);
    expect(renderToStaticMarkup(<CategoryArt category="weapons" />)).toMatch(/^<svg /);
  });

  it("stands in for a product without an item icon, and the item's icon wins when there is one", () => {
    const card = (src?: string) =>
      withPictures(<ImageWithFallback category="weapons" src={src} alt="" className="size-full" />);
    expect(card()).toContain('-category-160.webp');
    expect(card('/api/items/rifle.ak.png')).not.toContain('-category-160.webp');
  });
});
