import type { AdminProduct } from '@shop/shared';
import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { formatRoubles } from '@/lib/format';
import { filterAdminProducts } from '../../shared/filter-admin-products';
import { categoryLabel, type CategoryList } from '../../products/catalogue-lists';

type PickableProduct = Pick<AdminProduct, 'id' | 'name' | 'category' | 'price' | 'originalPrice'>;

/** The chosen products of a sale: a searchable list of checkboxes and how many are ticked. */
export function SaleProductsField({
  id,
  products,
  categories,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  products: readonly PickableProduct[];
  /** The owner's categories (`site.categories`): each product's is named as the owner calls it. */
  categories: CategoryList | undefined;
  value: readonly number[];
  onChange: (productIds: number[]) => void;
  invalid: boolean;
  describedBy?: string;
}) {
  const [search, setSearch] = useState('');
  const chosen = useMemo(() => new Set(value), [value]);
  const shown = useMemo(() => filterAdminProducts(products, search, 'all'), [products, search]);
  const toggle = (productId: number, on: boolean) =>
    onChange(on ? [...value, productId] : value.filter((candidate) => candidate !== productId));

  return (
    <div
      className="grid gap-2 rounded-md border border-input bg-black/30 p-2 aria-invalid:border-destructive"
      aria-invalid={invalid || undefined}
    >
      <div className="relative">
        <Search
          className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={id}
          type="search"
          aria-describedby={describedBy}
          placeholder="Поиск по названию..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="pl-9"
        />
      </div>
      <ul
        aria-label="Товары распродажи"
        className="grid max-h-56 gap-0.5 overflow-y-auto pr-1"
        tabIndex={-1}
      >
        {shown.map((product) => (
          <li key={product.id}>
            <label className="flex cursor-pointer items-center gap-3 rounded px-2 py-1.5 text-sm hover:bg-white/5">
              <Checkbox
                checked={chosen.has(product.id)}
                onCheckedChange={(checked) => toggle(product.id, checked === true)}
              />
              <span className="min-w-0 flex-1 truncate text-white">{product.name}</span>
              <span className="shrink-0 text-xs text-muted-foreground">
                {categoryLabel(product.category, categories)} ·{' '}
                {formatRoubles(product.originalPrice ?? product.price)}
              </span>
            </label>
          </li>
        ))}
        {shown.length === 0 && (
          <li className="px-2 py-3 text-center text-sm text-muted-foreground">Товары не найдены</li>
        )}
      </ul>
      <p className="px-1 text-xs text-muted-foreground" aria-live="polite">
        Выбрано: {value.length}
      </p>
    </div>
  );
}
