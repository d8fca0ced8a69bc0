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
import { deliversByPlugin, isBuyableServer, type PurchaseServer } from '@/lib/purchase-servers';
import { useCart } from '../api/get-cart';
import { usePurchaseCart } from '../api/purchase-cart';
import { CartCheckout } from './cart-checkout';
import { CartItemList } from './cart-item-list';
import { CartTopUpCard } from './cart-top-up-card';

const PURCHASE_DONE = 'Покупка успешна!';

export function CartPage({
  balance,
  servers,
  onTopUp,
}: {
  balance: number;
  servers: readonly PurchaseServer[];
  /** Supplied by the route: opens the top-up flow for this amount in a new tab. */
  onTopUp: (amount: number) => void;
}) {
  const cart = useCart();
  const purchase = usePurchaseCart();
  const [serverId, setServerId] = useState<number | null>(null);
  const gift = useGiftDraft();
  const buyable = servers.filter(isBuyableServer);

  if (cart.isPending) return <LoadingState text="Загрузка корзины..." />;
  if (cart.isError)
    return (
      <>
        <PageHeader title="Корзина" />
        <EmptyState tone="error" icon={<ShoppingCart />} title={`Ошибка: ${cart.error.message}`} />
      </>
    );

  const { items, total } = cart.data;
  if (items.length === 0)
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

  const server = buyable.find((candidate) => candidate.id === serverId);

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
      const reply = await purchase.mutateAsync({ serverId: server.id, ...giftFields(gift.draft) });
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
          <CartTopUpCard balance={balance} onTopUp={onTopUp} />
          <CartCheckout
            items={items}
            total={total}
            missing={shortfall(balance, total)}
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
