import type { BackupStatus } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { backupLine } from './backup-status';

const now = Date.parse('2026-11-26T12:00:00Z');
const last: NonNullable<BackupStatus['last']> = {
  takenAt: '2026-11-26T09:00:00Z',
  host: 'vps-1',
  file: 'shop-backup-2026-11-26T09-00-00.000Z-schema-0014.sql.gz',
  bytes: 1_572_864,
  schemaVersion: 14,
  trigger: 'schedule',
  rows: 1200,
};

describe("the overview's backup line", () => {
  it('names the file, its size and machine, and the schedule', () => {
    expect(backupLine({ everyHours: 24, keep: 14, last, stale: false }, now)).toEqual({
      warn: false,
      title: 'Последняя резервная копия: 3 часа назад',
      detail: `${last.file} (1,5 МБ) на vps-1. По расписанию каждые 24 часа, хранятся последние 14.`,
    });
  });

  it('says «только что» for a backup under a minute old', () => {
    const fresh = { ...last, takenAt: new Date(now - 20_000).toISOString() };
    expect(backupLine({ everyHours: 24, keep: 14, last: fresh, stale: false }, now).title).toBe(
      'Последняя резервная копия: только что',
    );
  });

  it('warns when the newest backup is older than two periods', () => {
    const line = backupLine({ everyHours: 1, keep: 14, last, stale: true }, now);
    expect(line.warn).toBe(true);
    expect(line.title).toBe('Последней резервной копии 3 часа: она старше двух периодов');
    expect(line.detail).toContain('Проверьте журнал сервера и место на диске.');
  });

  it('tells how to take one when the shop takes none by itself', () => {
    expect(backupLine({ everyHours: 0, keep: 14, last: null, stale: false }, now)).toEqual({
      warn: false,
      title: 'Резервных копий ещё нет',
      detail:
        'По расписанию не делаются (BACKUP_EVERY_HOURS=0): сделайте копию командой npm run backup.',
    });
  });
});
