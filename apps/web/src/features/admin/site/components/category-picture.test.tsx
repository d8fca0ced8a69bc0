import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { testAdminSite } from '../test-site';
import { CategoryPicture } from './category-picture';

const picture = '/api/site/images/0123456789abcdef0123-category-160.webp';
const stored = testAdminSite();
stored.public.categories[0] = { ...stored.public.categories[0]!, image: picture };

function render(key: string): string {
  const category = { key, label: 'Что-то', hidden: false };
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <CategoryPicture category={category} stored={stored} />
    </QueryClientProvider>,
  ).replaceAll('<!-- -->', '');
}

/** Whether the control named `label` (an aria-label) is rendered disabled. */
const disabled = (html: string, label: string) =>
  new RegExp(`<[^>]*aria-label="${label}"[^>]*disabled=""`).test(html) ||
  new RegExp(`<[^>]*disabled=""[^>]*aria-label="${label}"`).test(html);

describe("a category's «Картинка» in «Оформление»", () => {
  it("shows the owner's picture, with upload and «Убрать»", () => {
    const html = render('weapons');
    expect(html).toContain(`src="${picture}"`);
    expect(html).toContain('alt="Картинка: Категория weapons"');
    expect(html).toContain('accept="image/png,image/jpeg,image/webp"');
    expect(html).toContain('aria-label="Загрузить картинку: Категория weapons"');
    expect(html).toContain('aria-label="Убрать картинку: Категория weapons"');
    expect(disabled(html, 'Загрузить картинку: Категория weapons')).toBe(false);
    expect(disabled(html, 'Убрать картинку: Категория weapons')).toBe(false);
  });

  it('shows the drawn picture while none is set, with nothing to remove', () => {
    const html = render('tools');
    expect(html).not.toContain('<img');
    expect(html).toContain('<svg');
    expect(disabled(html, 'Убрать картинку: Категория tools')).toBe(true);
    expect(disabled(html, 'Загрузить картинку: Категория tools')).toBe(false);
  });

  it('waits for a category added in the draft to be published', () => {
    const html = render('skins');
    expect(disabled(html, 'Загрузить картинку: Категория skins')).toBe(true);
    expect(html).toContain('Картинка — после публикации категории');
  });
});
