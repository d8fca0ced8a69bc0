import { pluralRu, type BackupStatus } from '@shop/shared';
import { ageText, agoText } from '@/lib/durations';
import { formatNumber } from '@/lib/format';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${formatNumber(bytes / 1024 / 1024, 1, 1)} МБ`
    : `${Math.max(1, Math.round(bytes / 1024))} КБ`;

/** The overview's backup line: what it says, and whether it warns. */
export function backupLine(
  status: BackupStatus,
  now: number,
): { warn: boolean; title: string; detail: string } {
  const every = `каждые ${status.everyHours} ${pluralRu(status.everyHours, ['час', 'часа', 'часов'])}`;
  const schedule =
    status.everyHours > 0
      ? `По расписанию ${every}, хранятся последние ${status.keep}.`
      : 'По расписанию не делаются (BACKUP_EVERY_HOURS=0): сделайте копию командой npm run backup.';
  if (!status.last) {
    return {
      warn: status.stale,
      title: 'Резервных копий ещё нет',
      detail: schedule,
    };
  }
  const last = status.last;
  const ageMs = now - Date.parse(last.takenAt);
  return {
    warn: status.stale,
    title: status.stale
      ? `Последней резервной копии ${ageText(ageMs)}: она старше двух периодов`
      : `Последняя резервная копия: ${agoText(ageMs)}`,
    detail: `${last.file} (${sizeText(last.bytes)}) на ${last.host}. ${
      status.stale ? 'Проверьте журнал сервера и место на диске. ' : ''
    }${schedule}`,
  };
}
