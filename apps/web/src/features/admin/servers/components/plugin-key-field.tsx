import type { AdminServer } from '@shop/shared';
import { Copy, Eye, EyeOff, KeyRound, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorText } from '@/lib/api-client';
import { useRegeneratePluginKey } from '../api/regenerate-plugin-key';

/** The key the game-server plugin signs in with: hidden by default, because admins share screens. */
export function PluginKeyField({ server }: { server: AdminServer }) {
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const regenerate = useRegeneratePluginKey();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(server.pluginKey);
      toast.success('Скопировано', { description: 'Ключ плагина скопирован в буфер обмена' });
    } catch {
      toast.error('Ошибка', { description: 'Не удалось скопировать ключ' });
    }
  };

  const renew = async () => {
    try {
      await regenerate.mutateAsync(server.id);
      toast.success('Успешно', { description: 'Ключ плагина обновлен' });
      setShown(true);
    } catch (error) {
      toast.error('Ошибка', { description: errorText(error, 'Не удалось обновить ключ') });
    } finally {
      setConfirming(false);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <div className="flex min-w-0 flex-[1_1_14rem] items-center gap-2 rounded-md border border-white/8 bg-black/40 py-1 pr-1 pl-3">
        <KeyRound className="size-4 shrink-0 text-accent" aria-hidden="true" />
        {/* No width of its own (w-0): a key on one line must not widen the card on a phone. */}
        <code
          aria-label={shown ? 'Ключ плагина' : 'Ключ плагина скрыт'}
          className="w-0 min-w-0 flex-1 truncate font-mono text-xs text-foreground/90"
        >
          {shown ? server.pluginKey : '•'.repeat(24)}
        </code>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={shown ? 'Скрыть ключ плагина' : 'Показать ключ плагина'}
          aria-pressed={shown}
          onClick={() => setShown((value) => !value)}
        >
          {shown ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label="Скопировать ключ плагина"
          onClick={() => void copy()}
        >
          <Copy aria-hidden="true" />
        </Button>
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={() => setConfirming(true)}
        className="max-sm:flex-1"
      >
        <RefreshCw aria-hidden="true" />
        Новый ключ
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Выпустить новый ключ?"
        description={`Старый ключ сервера «${server.name}» перестанет работать: плагин нужно будет перенастроить.`}
        confirmLabel="Выпустить ключ"
        busy={regenerate.isPending}
        onConfirm={() => void renew()}
      />
    </div>
  );
}
