import { DatabaseBackup, TriangleAlert } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { useNow } from '@/lib/use-now';
import { useBackupStatus } from '../api/get-backup-status';
import { backupLine } from '../backup-status';

/** The overview's line on backups: the newest one's age, amber once it is overdue. */
export function BackupStatusCard() {
  const status = useBackupStatus();
  const now = useNow(60_000);
  if (!status.data) return null;
  const line = backupLine(status.data, now);
  const Icon = line.warn ? TriangleAlert : DatabaseBackup;
  return (
    <Card
      role={line.warn ? 'alert' : 'status'}
      aria-label="Резервные копии"
      className={cn('flex items-start gap-3 p-4', line.warn && 'border-warning/50')}
    >
      <Icon
        aria-hidden="true"
        className={cn('mt-0.5 size-5 shrink-0', line.warn ? 'text-warning' : 'text-primary')}
      />
      <div className="min-w-0">
        <p className={cn('text-sm font-semibold', line.warn ? 'text-warning' : 'text-white')}>
          {line.title}
        </p>
        <p className="text-xs break-words text-muted-foreground">{line.detail}</p>
      </div>
    </Card>
  );
}
