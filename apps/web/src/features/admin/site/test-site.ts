import { DEFAULT_SITE_CONTENT, toPublicSite } from '@shop/shared';
import type { AdminSite } from '../shared/api/get-admin-site';

const legal = {
  rules: '## Правила\n\nНе читерить на {{shop.name}}.',
  agreement: '## Соглашение',
  privacy: '## Политика',
  contacts: 'Продавец: {{seller.name}}',
};

/** `GET /api/admin/site` of a shop whose owner saved only the rules, for the tab's tests. */
export function testAdminSite(): AdminSite {
  const content = structuredClone(DEFAULT_SITE_CONTENT);
  return {
    version: 3,
    content,
    legal,
    legalSample: { rules: false, agreement: true, privacy: true, contacts: true },
    defaults: { content: structuredClone(DEFAULT_SITE_CONTENT), legal },
    public: toPublicSite(
      { version: 3, content, images: { logo: 'abc', favicon: null, background: null } },
      { demo: true, wipeWarnHours: 24, supportEmail: 'help@example.com' },
    ),
  };
}
