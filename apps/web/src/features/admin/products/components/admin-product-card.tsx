import type { AdminProduct } from '@shop/shared';
import {
  Boxes,
  Clock,
  Crown,
  Eye,
  EyeOff,
  Gift,
  Hourglass,
  Pencil,
  Star,
  Trash2,
} from 'lucide-react';
import { SaleMark } from '@/components/offer-price';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { cn } from '@/lib/cn';
import { formatRoubles } from '@/lib/format';
import { categoryLabel, tierLabel, type CatalogueLists } from '../catalogue-lists';
import { kitSummary } from '../kit-form';

export function AdminProductCard({
  product,
  lists,
  serverName,
  busy,
  onToggleActive,
  onTogglePopular,
  onEdit,
  onDelete,
}: {
  product: AdminProduct;
  /** The owner's categories and tiers: a key they do not list is shown as it is stored. */
  lists: CatalogueLists | undefined;
  serverName: string;
  busy: boolean;
  onToggleActive: () => void;
  onTogglePopular: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const titleId = `admin-product-${product.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'flex flex-col overflow-hidden rounded-lg border border-white/8 bg-black/35',
        !product.isActive && 'border-dashed opacity-60',
      )}
    >
      <div className="relative flex aspect-[4/3] items-center justify-center bg-gradient-to-b from-white/6 to-transparent p-4">
        <ImageWithFallback
          src={product.shownImage ?? undefined}
          category={product.category}
          alt=""
          className="size-full object-contain"
        />
        <div className="absolute top-2 left-2 flex flex-col gap-1">
          {product.popular && <Badge>Популярное</Badge>}
          {!product.isActive && <Badge variant="secondary">Скрыт</Badge>}
          {!product.inStock && <Badge variant="destructive">Нет в наличии</Badge>}
          {product.personalUserId !== null && (
            <Badge variant="warning">
              <Gift aria-hidden="true" />
              Для #{product.personalUserId}
            </Badge>
          )}
          {product.vipTier !== null && product.vipDays !== null && (
            <Badge variant="warning">
              <Crown aria-hidden="true" />
              VIP {tierLabel(product.vipTier, lists?.vipTiers)} · {product.vipDays} дн.
            </Badge>
          )}
          {product.wipeBlockHours > 0 && (
            <Badge variant="secondary" title="Не продаётся столько часов после вайпа">
              <Clock aria-hidden="true" />
              Блок {product.wipeBlockHours} ч
            </Badge>
          )}
          {product.untilWipe && (
            <Badge variant="secondary">
              <Hourglass aria-hidden="true" />
              До вайпа
            </Badge>
          )}
        </div>
        {product.kitItems ? (
          <Badge variant="secondary" className="absolute right-2 bottom-2">
            <Boxes aria-hidden="true" />
            Набор · {product.kitItems.length}
          </Badge>
        ) : (
          <Badge variant="secondary" className="absolute right-2 bottom-2 font-mono">
            x{product.quantity}
          </Badge>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <p className="text-[11px] font-bold tracking-widest text-accent uppercase">
          {categoryLabel(product.category, lists?.categories)}
        </p>
        <h3 id={titleId} className="leading-tight font-bold text-white">
          {product.name}
        </h3>
        {product.kitItems ? (
          <p className="line-clamp-2 text-xs text-muted-foreground">
            {kitSummary(product.kitItems)}
          </p>
        ) : (
          <p className="truncate font-mono text-xs text-muted-foreground">{product.gameItemName}</p>
        )}
        <p className="truncate text-xs text-muted-foreground">{serverName}</p>
        {/* A sale running now (with no server chosen): the card shows what buyers pay. */}
        <SaleMark offer={product} className="mt-auto pt-2 text-xs" />
        <p
          className={cn(
            'text-lg font-extrabold tabular-nums',
            product.originalPrice === null ? 'mt-auto pt-2 text-white' : 'text-accent',
          )}
        >
          {formatRoubles(product.price)}
        </p>
      </div>
      <div className="flex items-center gap-1 border-t border-white/6 p-2">
        <Button
          variant="ghost"
          size="icon-sm"
          disabled={busy}
          onClick={onToggleActive}
          aria-label={
            product.isActive ? `Скрыть товар ${product.name}` : `Показать товар ${product.name}`
          }
          title={product.isActive ? 'Скрыть' : 'Показать'}
        >
          {product.isActive ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          disabled={busy}
          onClick={onTogglePopular}
          aria-pressed={product.popular}
          aria-label={`Популярный товар ${product.name}`}
          title={product.popular ? 'Убрать из популярных' : 'Сделать популярным'}
        >
          <Star aria-hidden="true" className={cn(product.popular && 'fill-accent text-accent')} />
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          onClick={onEdit}
          aria-label={`Редактировать товар ${product.name}`}
          title="Редактировать"
          className="ml-auto"
        >
          <Pencil aria-hidden="true" />
        </Button>
        <Button
          variant="ghost-destructive"
          size="icon-sm"
          onClick={onDelete}
          aria-label={`Удалить товар ${product.name}`}
          title="Удалить"
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </article>
  );
}
