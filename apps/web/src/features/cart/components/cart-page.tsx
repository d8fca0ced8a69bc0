import type { Product } from '@shop/shared';
import { ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import {
  GIFT_RECIPIENT_REQUIRED,
  giftFields,
  giftIncomplete,
  useGiftDraft,
} from '@/components/gift/gift-draft';
import { toast } from '@/lib/toast';
import { ButtonLink } from '@/components/ui/button-link';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingState } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-client';
import { shortfall } from '@/lib/balance';
import { wipeWarningIn } from '@/lib/product-offer';
import { deliversByPlugin, isBuyableServer, type PurchaseServer } from '@/lib/purchase-servers';
import type { TopUpTerms } from '@/lib/top-up-terms';
import { useCountdownNow } from '@/lib/use-now';
import { usePriceConfirmation } from '@/lib/use-price-confirmation';
import { useCart } from '../api/get-cart';
import { usePurchaseCart } from '../api/purchase-cart';
import { cartMoments, priceCart } from '../cart-pricing';
import { CartCheckout } from './cart-checkout';
import { CartItemList } from './cart-item-list';
import { CartTopUpCard } from './cart-top-up-card';

const PURCHASE_DONE = 'Покупка успешна!';

export function CartPage({
  balance,
  servers,
  catalogue,
  wipeWarnHours,
  topUpTerms,
  onTopUp,
}: {
  balance: number;
  servers: readonly PurchaseServer[];
  /** The shop's products: each server's own price and availability for the cart's lines. */
  catalogue: readonly Product[];
  /** WIPE_WARN_HOURS: items bought this close to the server's wipe are warned of. */
  wipeWarnHours: number;
  /** The owner's bonus and limits (`site.topUp`); undefined until the settings arrive. */
  topUpTerms: TopUpTerms | undefined;
  /** Supplied by the route: opens the top-up flow for this amount in a new tab. */
  onTopUp: (amount: number) => void;
}) {
  const cart = useCart();
  const purchase = usePurchaseCart();
  const [serverId, setServerId] = useState<number | null>(null);
  const gift = useGiftDraft();
  const buyable = servers.filter(isBuyableServer);
  const server = buyable.find((candidate) => candidate.id === serverId);
  // After a refused total the new one is asked for while the server, the cart's lines and the
  // kind of purchase stay as they were.
  const confirmation = usePriceConfirmation(
    [
      server?.id,
      gift.draft.open,
      ...(cart.data?.items ?? []).map((item) => `${item.id}x${item.quantity}`),
    ].join(':'),
  );
  const now = useCountdownNow(
    ...cartMoments(cart.data?.items ?? [], catalogue, server ? server.id : null),
    server?.nextWipeAt,
  );

  if (cart.isPending) return <LoadingState text="Загрузка корзины..." />;
  if (cart.isError)
    return (
      <>
        <PageHeader title="Корзина" />
        <EmptyState tone="error" icon={<ShoppingCart />} title={`Ошибка: ${cart.error.message}`} />
      </>
    );

  if (cart.data.items.length === 0)
    return (
      <>
        <PageHeader title="Корзина" />
        <EmptyState
          icon={<ShoppingCart />}
          title="Корзина пуста"
          description="Добавьте предметы из магазина, и они появятся здесь."
          action={<ButtonLink to="/shop">Перейти в магазин</ButtonLink>}
        />
      </>
    );

  const priced = priceCart(cart.data.items, catalogue, server ? server.id : null, now);
  const { items } = priced;
  const { change } = confirmation;
  const total = change?.total ?? priced.total;
  const wipeWarningMs = items.some((item) => item.vanishesAtWipe)
    ? wipeWarningIn(server?.nextWipeAt ?? null, wipeWarnHours, now)
    : null;

  const buy = async () => {
    if (!server) {
      toast.error('Выберите сервер', {
        description: 'Необходимо выбрать сервер для доставки товаров',
      });
      return;
    }
    if (giftIncomplete(gift.draft)) {
      toast.error(GIFT_RECIPIENT_REQUIRED);
      return;
    }
    try {
      const reply = await purchase.mutateAsync({
        serverId: server.id,
        ...giftFields(gift.draft),
        // The total this page shows: the shop refuses a higher one instead of charging it.
        expectedTotal: total,
      });
      const detail = reply.message;
      toast.success(reply.gift ? 'Подарок отправлен!' : PURCHASE_DONE, {
        description:
          deliversByPlugin(server) && !reply.gift
            ? `${detail} Введите /store в игровом чате, чтобы забрать их.`
            : detail,
      });
      setServerId(null);
      gift.reset();
    } catch (error) {
      if (confirmation.refused(error)) return;
      toast.error('Не удалось завершить покупку', {
        description: errorText(error, 'Попробуйте позже'),
      });
    }
  };

  return (
    <>
      <PageHeader title="Корзина" />
      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <CartItemList items={items} servers={servers} />
        <div className="flex flex-col gap-5 lg:sticky lg:top-24">
          <CartTopUpCard balance={balance} terms={topUpTerms} onTopUp={onTopUp} />
          <CartCheckout
            items={items}
            total={total}
            priceChange={change}
            missing={shortfall(balance, total)}
            now={now}
            wipeWarningMs={wipeWarningMs}
            servers={buyable}
            serverId={server ? server.id : null}
            onServerChange={setServerId}
            busy={purchase.isPending}
            onBuy={() => void buy()}
            gift={gift.draft}
            onGiftChange={gift.setDraft}
          />
        </div>
      </div>
    </>
  );
}
