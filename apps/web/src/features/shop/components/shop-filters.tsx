import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { ALL, categoryOptions } from '../categories';
import type { ProductFilter } from '../filter-products';

export function ShopFilters({
  value,
  onChange,
  servers,
}: {
  value: ProductFilter;
  onChange: (next: ProductFilter) => void;
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
      <Select value={value.category} onValueChange={(category) => onChange({ ...value, category })}>
        <SelectTrigger aria-label="Категория">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>Все категории</SelectItem>
          {categoryOptions.map((category) => (
            <SelectItem key={category.value} value={category.value}>
              {category.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Select value={value.server} onValueChange={(server) => onChange({ ...value, server })}>
        <SelectTrigger aria-label="Сервер">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>Все серверы</SelectItem>
          {servers.map((server) => (
            <SelectItem key={server.id} value={String(server.id)}>
              {server.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
