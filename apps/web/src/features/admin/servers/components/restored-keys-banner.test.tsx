import type { RestoredKeys } from '@shop/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { adminKeys } from '../../shared/admin-keys';
import { RestoredKeysBanner } from './restored-keys-banner';

function render(keys: RestoredKeys): string {
  const client = new QueryClient();
  client.setQueryData([...adminKeys.servers, 'restored-keys'], keys);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <RestoredKeysBanner />
    </QueryClientProvider>,
  ).replaceAll('<!-- -->', '');
}

describe('the banner after a restore', () => {
  it('names every server whose plugin key predates the restore, as an alert', () => {
    const html = render({
      restoredAt: '2026-11-29T10:00:00.000Z',
      servers: [
        { id: 1, name: 'Classic' },
        { id: 2, name: 'Solo/Duo' },
      ],
    });
    expect(html).toContain('role="alert"');
    expect(html).toContain('выпустите новые ключи плагина');
    expect(html).toContain('«Classic», «Solo/Duo»');
  });

  it('is gone once every server has a new key, and for a shop never restored', () => {
    expect(render({ restoredAt: '2026-11-29T10:00:00.000Z', servers: [] })).toBe('');
    expect(render({ restoredAt: null, servers: [] })).toBe('');
  });
});
