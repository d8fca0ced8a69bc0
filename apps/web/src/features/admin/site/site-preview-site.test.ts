import { describe, expect, it } from 'vitest';
import { draftFrom } from './site-draft';
import { draftPublicSite } from './site-preview-site';
import { testAdminSite } from './test-site';

const stored = testAdminSite();

describe('the draft as the preview frames draw it', () => {
  it('fills the texts as the server does and keeps the pictures in force', () => {
    const draft = draftFrom(stored);
    draft.content.name = 'Ржавый';
    draft.content.texts.hero.title = 'Добро пожаловать в {{shop.name}}';
    draft.content.topUp.bonusPercent = 25;
    const site = draftPublicSite(draft, stored);
    expect(site.name).toBe('Ржавый');
    expect(site.texts.hero.title).toBe('Добро пожаловать в Ржавый');
    expect(site.texts.hero.bonusNote).toMatch(/^\+25% бонуса/);
    expect(site.images).toEqual(stored.public.images);
    expect(site.images.logo).toMatch(/^\/api\/site\/images\/abc-logo/);
  });

  it("keeps each category's picture by its key through a rename and a move", () => {
    const withPicture = testAdminSite();
    const picture = '/api/site/images/0123456789abcdef0123-category-160.webp';
    withPicture.public.categories[0] = { ...withPicture.public.categories[0]!, image: picture };
    const draft = draftFrom(withPicture);
    const [weapons, ...rest] = draft.content.categories;
    draft.content.categories = [...rest, { ...weapons!, label: 'Стволы' }];
    const categories = draftPublicSite(draft, withPicture).categories;
    expect(categories.at(-1)).toEqual({
      key: 'weapons',
      label: 'Стволы',
      hidden: false,
      image: picture,
    });
    expect(categories.filter((category) => category.image)).toHaveLength(1);
  });

  it('keeps the colour in force while a new one is half typed, and shows a whole one', () => {
    const draft = draftFrom(stored);
    draft.content.colors.primary = '#2b8';
    expect(draftPublicSite(draft, stored).colors.primary).toBe('#ce422b');
    draft.content.colors.primary = '#2B8CCE';
    expect(draftPublicSite(draft, stored).colors).toMatchObject({
      primary: '#2b8cce',
      primaryText: '#000000',
    });
  });

  it('keeps the backdrop in force while its number is empty', () => {
    const draft = draftFrom(stored);
    draft.content.colors.overlayPercent = Number.NaN;
    expect(draftPublicSite(draft, stored).colors.overlayPercent).toBe(30);
  });
});
