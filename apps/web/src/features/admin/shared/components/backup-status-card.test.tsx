import type { BackupStatus } from '@shop/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { adminKeys } from '../admin-keys';
import { BackupStatusCard } from './backup-status-card';

function render(status: BackupStatus): string {
  const client = new QueryClient();
  client.setQueryData(adminKeys.backups, status);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <BackupStatusCard />
    </QueryClientProvider>,
  ).replaceAll('<!-- -->', '');
}

const last = (hoursAgo: number): NonNullable<BackupStatus['last']> => ({
  takenAt: new Date(Date.now() - hoursAgo * 3_600_000).toISOString(),
  host: 'vps-1',
  file: 'shop-backup-2026-11-26T03-00-00.000Z-schema-0014.sql.gz',
  bytes: 40_960,
  schemaVersion: 14,
  trigger: 'schedule',
  rows: 100,
});

describe("the overview's backup card", () => {
  it("shows the newest backup's age as a status", () => {
    const html = render({ everyHours: 24, keep: 14, last: last(3), stale: false });
    expect(html).toContain('role="status"');
    expect(html).toContain('Последняя резервная копия: 3 часа назад');
    expect(html).toContain('(40 КБ) на vps-1');
  });

  it('warns as an alert when the newest is older than two periods', () => {
    const html = render({ everyHours: 24, keep: 14, last: last(50), stale: true });
    expect(html).toContain('role="alert"');
    expect(html).toContain('Последней резервной копии 2 дня: она старше двух периодов');
  });
});
