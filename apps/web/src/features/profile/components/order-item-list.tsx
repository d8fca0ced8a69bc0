import type { Order } from '@shop/shared';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { formatNumber } from '@/lib/format';
import type { StatusTone } from '@/lib/order-status';

/** The text colour of a delivery state, on the dark cards of orders and gifts. */
export const deliveryToneText: Record<StatusTone, string> = {
  success: 'text-[#8ee0a6]',
  warning: 'text-[#f5d27e]',
  destructive: 'text-[#ff9b91]',
  secondary: 'text-muted-foreground',
};

type OrderLine = Order['items'][number];
type OrderItem = Pick<OrderLine, 'productId' | 'name' | 'image' | 'category' | 'quantity'>;

/** What an order (or a gift) holds: picture, name and how many. */
export function OrderItemList({
  items,
  label,
  className,
}: {
  items: OrderItem[];
  label: string;
  className?: string;
}) {
  return (
    <ul aria-label={label} className={className}>
      {items.map((item, index) => (
        <li key={`${item.productId}-${index}`} className="flex items-center gap-3">
          <ImageWithFallback
            src={item.image ?? undefined}
            category={item.category}
            alt=""
            className="size-10 shrink-0 rounded bg-white/5 object-contain p-1"
          />
          <span className="min-w-0 flex-1 text-sm [overflow-wrap:anywhere] text-white">
            {item.name}
          </span>
          <span className="text-sm whitespace-nowrap text-muted-foreground tabular-nums">
            × {formatNumber(item.quantity)} шт.
          </span>
        </li>
      ))}
    </ul>
  );
}
