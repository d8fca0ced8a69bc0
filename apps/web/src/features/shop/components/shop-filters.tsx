import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { ALL, type CategoryOption } from '../categories';
import type { ProductFilter } from '../filter-products';

export function ShopFilters({
  value,
  onChange,
  categories,
  servers,
}: {
  value: ProductFilter;
  onChange: (next: ProductFilter) => void;
  /** The owner's categories a player may filter by (categoryOptions). */
  categories: readonly CategoryOption[];
  servers: readonly { id: number; name: string }[];
}) {
  return (
    <div className="mb-8 grid gap-3 rounded-xl border border-white/8 bg-black/55 p-3 backdrop-blur-md md:grid-cols-[1fr_14rem_14rem]">
      <div className="relative">
        <Search
          className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label="Поиск товаров"
          placeholder="Поиск товаров..."
          value={value.search}
          onChange={(event) => onChange({ ...value, search: event.target.value })}
          className="pl-9"
        />
      </div>
      <NativeSelect
        aria-label="Категория"
        value={value.category}
        onChange={(event) => onChange({ ...value, category: event.target.value })}
      >
        <option value={ALL}>Все категории</option>
        {categories.map((category) => (
          <option key={category.value} value={category.value}>
            {category.label}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect
        aria-label="Сервер"
        value={value.server}
        onChange={(event) => onChange({ ...value, server: event.target.value })}
      >
        <option value={ALL}>Все серверы</option>
        {servers.map((server) => (
          <option key={server.id} value={String(server.id)}>
            {server.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
