import type { Product } from '@shop/shared';
import { LoaderCircle, ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { giftFields, giftIncomplete, useGiftDraft } from '@/components/gift/gift-draft';
import { GiftSummary } from '@/components/gift/gift-summary';
import { GiftToggle } from '@/components/gift/gift-toggle';
import { toast } from '@/lib/toast';
import { ServerSelect } from '@/components/server-select';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { OfferPrice } from '@/components/offer-price';
import { PriceChangedNotice } from '@/components/price-changed-notice';
import { Label } from '@/components/ui/label';
import { errorText } from '@/lib/api-client';
import { shortfall } from '@/lib/balance';
import { formatRoubles } from '@/lib/format';
import { purchaseCost } from '@/lib/purchase-cost';
import type { PurchaseServer } from '@/lib/purchase-servers';
import { usePriceConfirmation } from '@/lib/use-price-confirmation';
import type { VipTierNames } from '@/lib/vip-tiers';
import { useProducts } from '../api/get-products';
import { usePurchaseProduct } from '../api/purchase-product';
import { deliveryHint, priceUnit, purchaseSummaryFor, serversForProduct } from '../purchase';
import { useServerOffer } from '../use-offer';
import { KITS_PER_PURCHASE } from '../kit-contents';
import { useStackQuantity } from '../use-stack-quantity';
import { KitDialogContents } from './kit-contents';
import { PurchaseBalanceLine, PurchaseProductSummary } from './purchase-dialog-summary';
import { PurchaseServerNotes } from './purchase-server-notes';
import { QuantityStepper } from './quantity-stepper';
import { VipPlanNote } from './vip-plan-note';

import { purchaseRefusal } from '../purchase-refusal';

const PURCHASE_DONE = 'Покупка успешна!';
const GIFT_DONE = 'Подарок отправлен!';

export interface PurchaseTarget {
  product: Product;
  serverId: number;
}

/**
 * SPEC §2/§4 purchase dialog. Mounted per buy click (keyed by product), so every opening starts from
 * one stack and the first online server, and closing forgets the selection.
 */
export function PurchaseDialog({
  target,
  servers,
  balance,
  wipeWarnHours,
  vipTiers,
  onClose,
  onAddToCart,
}: {
  target: PurchaseTarget;
  servers: readonly PurchaseServer[];
  balance: number;
  /** WIPE_WARN_HOURS: items bought this close to the server's wipe are warned of. */
  wipeWarnHours: number;
  /** The owner's names of the VIP tiers (`site.vipTiers`). */
  vipTiers: VipTierNames | undefined;
  onClose: () => void;
  /** Supplied by the route: the cart is another feature. */
  onAddToCart?: (input: { productId: number; quantity: number }) => Promise<unknown>;
}) {
  // The catalogue as it is now (read again after a refused price), else the card that was clicked.
  const catalogue = useProducts();
  const product =
    catalogue.data?.find((candidate) => candidate.id === target.product.id) ?? target.product;
  const stackSize = product.quantity;
  const purchase = usePurchaseProduct();
  const [adding, setAdding] = useState(false);
  const [serverId, setServerId] = useState<number | null>(target.serverId);
  const kit = product.kitItems ?? null;
  const quantity = useStackQuantity(stackSize, kit ? KITS_PER_PURCHASE : undefined);
  const gift = useGiftDraft();
  const giving = gift.draft.open;
  // Live list: player counts move while the dialog is open, and a server may go down.
  const options = serversForProduct(product, servers);
  const server = options.find((candidate) => candidate.id === serverId);
  const { offer, blockedMs, now } = useServerOffer(product, server);
  // After a refused total the new one is asked for while server, quantity and gift stay.
  const confirmation = usePriceConfirmation(`${server?.id}:${quantity.quantity}:${giving}`);
  const { change } = confirmation;
  const cost = change?.total ?? purchaseCost(offer.price, quantity.quantity, stackSize);
  const missing = shortfall(balance, cost);
  const hint = deliveryHint(product, server, quantity.quantity, stackSize);
  const busy = purchase.isPending || adding;

  const buy = async () => {
    const refusal = purchaseRefusal({
      ready: Boolean(server) && quantity.quantity > 0,
      inStock: product.inStock,
      giftIncomplete: giftIncomplete(gift.draft),
      balance,
      cost,
    });
    if (refusal || !server) {
      if (refusal) toast.error(refusal.title, { description: refusal.description });
      return;
    }
    try {
      const reply = await purchase.mutateAsync({
        productId: product.id,
        serverId: server.id,
        quantity: quantity.quantity,
        ...giftFields(gift.draft),
        // The total this dialog shows: the shop refuses a higher one instead of charging it.
        expectedTotal: cost,
      });
      toast.success(reply.gift ? GIFT_DONE : PURCHASE_DONE, { description: reply.message });
    } catch (error) {
      // A price change keeps the dialog open with the new total.
      if (confirmation.refused(error)) return;
      toast.error(`Не удалось выполнить покупку: ${errorText(error, 'попробуйте позже')}`);
    }
    onClose();
  };

  const addToCart = async () => {
    if (!onAddToCart) return;
    setAdding(true);
    try {
      await onAddToCart({ productId: product.id, quantity: quantity.quantity });
      toast.success('Товар добавлен в корзину', {
        description: `${product.name} — ${quantity.quantity} шт.`,
        action: { label: 'Корзина', onClick: () => navigate('/cart') },
      });
      onClose();
    } catch (error) {
      toast.error(`Не удалось добавить в корзину: ${errorText(error, 'попробуйте позже')}`);
    } finally {
      setAdding(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Покупка {product.name}</DialogTitle>
          <DialogDescription>
            <OfferPrice offer={offer} /> {priceUnit(product, stackSize)}
            {product.untilWipe && ' · до вайпа'}
          </DialogDescription>
        </DialogHeader>
        <DialogBody className="flex flex-col gap-5">
          <PurchaseProductSummary
            product={product}
            summary={purchaseSummaryFor(product, quantity.quantity, stackSize)}
          />

          {kit && <KitDialogContents items={kit} kits={quantity.quantity / stackSize} />}

          <QuantityStepper
            kit={kit !== null}
            id="purchase-quantity"
            quantity={quantity.quantity}
            min={quantity.min}
            max={quantity.max}
            disabled={busy}
            describedBy="purchase-summary"
            onStep={quantity.step}
            onBound={quantity.setToBound}
          />

          <div className="grid gap-2">
            <Label htmlFor="purchase-server">Сервер доставки</Label>
            <ServerSelect
              id="purchase-server"
              servers={options}
              value={server ? server.id : null}
              onChange={setServerId}
              disabled={busy}
              describedBy={hint ? 'purchase-delivery' : undefined}
            />
          </div>

          <PurchaseServerNotes
            product={product}
            server={server}
            blockedMs={blockedMs}
            wipeWarnHours={wipeWarnHours}
            now={now}
            deliveryHint={hint}
          />

          <GiftToggle
            id="purchase-gift"
            draft={gift.draft}
            onChange={gift.setDraft}
            disabled={busy}
          />

          <GiftSummary draft={gift.draft} />

          {product.vipTier && (
            <VipPlanNote
              product={product}
              tiers={vipTiers}
              serverId={server ? server.id : null}
              quantity={quantity.quantity}
              gift={
                giving
                  ? gift.draft.recipient && {
                      steamId: gift.draft.recipient.steamId,
                      name: gift.draft.recipient.name,
                    }
                  : undefined
              }
            />
          )}

          <PriceChangedNotice change={change} />

          <PurchaseBalanceLine balance={balance} missing={missing} />
        </DialogBody>
        <DialogFooter>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Отмена
          </Button>
          {onAddToCart && !giving && (
            <Button variant="outline" onClick={() => void addToCart()} disabled={busy}>
              {adding ? (
                <LoaderCircle className="animate-spin" aria-hidden="true" />
              ) : (
                <ShoppingCart aria-hidden="true" />
              )}
              В корзину
            </Button>
          )}
          <Button
            onClick={() => void buy()}
            disabled={busy || blockedMs !== null}
            aria-busy={purchase.isPending}
          >
            {purchase.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            {purchase.isPending
              ? 'Обработка...'
              : `${giving ? 'Подарить' : 'Купить'} за ${formatRoubles(cost)}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
