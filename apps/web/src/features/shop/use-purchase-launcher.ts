import type { Product } from '@shop/shared';
import { useCallback, useState } from 'react';
import { toast } from '@/lib/toast';
import type { PurchaseServer } from '@/lib/purchase-servers';
import type { PurchaseTarget } from './components/purchase-dialog';
import { purchaseStart } from './purchase';

/**
 * What a card's buy button does (SPEC §4): reload servers that are not there yet, refuse when none
 * can take a delivery, or open the dialog for this product with the first online server chosen.
 */
export function usePurchaseLauncher(
  servers: readonly PurchaseServer[] | undefined,
  reloadServers: () => Promise<{ error: Error | null }>,
) {
  const [target, setTarget] = useState<PurchaseTarget | null>(null);

  const start = useCallback(
    (product: Product) => {
      const decision = purchaseStart(product, servers);
      if (decision.kind === 'reload') {
        toast.info('Загрузка', { description: 'Загружаем серверы...' });
        void reloadServers().then(({ error }) => {
          if (error) toast.error(`Не удалось загрузить серверы: ${error.message}`);
        });
        return;
      }
      if (decision.kind === 'no-servers') {
        toast.error('Нет доступных серверов. Пожалуйста, попробуйте позже.');
        return;
      }
      setTarget({ product, serverId: decision.serverId });
    },
    [servers, reloadServers],
  );

  const close = useCallback(() => setTarget(null), []);
  return { target, start, close };
}
