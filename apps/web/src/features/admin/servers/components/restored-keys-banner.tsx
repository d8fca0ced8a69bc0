import { KeyRound } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { useRestoredKeys } from '../api/get-restored-keys';

/**
 * After `npm run restore`: the backup's plugin keys are back, a key rotated away since (a leaked
 * one) included. Shown until the owner issues each server a new key.
 */
export function RestoredKeysBanner() {
  const keys = useRestoredKeys();
  const waiting = keys.data?.servers ?? [];
  if (waiting.length === 0) return null;
  return (
    <Card role="alert" className="flex items-start gap-3 border-warning/50 p-4">
      <KeyRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
      <div className="min-w-0">
        <p className="text-sm font-semibold text-warning">
          Магазин восстановлен из резервной копии: выпустите новые ключи плагина
        </p>
        <p className="text-xs break-words text-muted-foreground">
          Ключи вернулись такими, какими были в копии, в том числе заменённые после неё. Владелец
          выпускает новый ключ в «Серверы» → «Новый ключ» и ставит его в плагин:{' '}
          {waiting.map((server) => `«${server.name}»`).join(', ')}. Все входы в магазин завершены.
        </p>
      </div>
    </Card>
  );
}
