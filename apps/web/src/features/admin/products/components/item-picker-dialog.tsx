import { PackageSearch, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { Input } from '@/components/ui/input';
import { LoadingState } from '@/components/ui/spinner';
import { ITEM_SEARCH_LIMIT, useItemSearch, type ItemRow } from '../api/search-items';

/** Typing should not fire a request per keystroke; a quarter second is below what feels laggy. */
function useDebounced(value: string, ms = 250) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function ItemGrid({ onPick }: { onPick: (item: ItemRow) => void }) {
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim());
  const items = useItemSearch(query, true);

  let content: React.ReactNode;
  if (items.isPending) content = <LoadingState text="Загрузка предметов..." />;
  else if (items.isError)
    content = <EmptyState tone="error" title={`Ошибка: ${items.error.message}`} />;
  else if (items.data.items.length === 0)
    content = (
      <EmptyState
        icon={<PackageSearch />}
        title="Предметы не найдены"
        description={
          query
            ? 'Попробуйте другое название или ID.'
            : 'Таблица предметов пуста: загрузите её кнопкой «Импорт таблицы предметов».'
        }
      />
    );
  else
    content = (
      <ul aria-label="Предметы" className="grid grid-cols-3 gap-2 sm:gap-3">
        {items.data.items.map((item) => (
          <li key={item.id} className="flex">
            <button
              type="button"
              onClick={() => onPick(item)}
              aria-label={`${item.nameRu ?? item.nameEn} — ${item.shortname}, ID ${item.id}`}
              className="group flex w-full cursor-pointer flex-col items-center gap-1.5 rounded-lg border border-white/8 bg-black/35 p-2 text-center transition-colors hover:border-primary/60 hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:p-3"
            >
              <ImageWithFallback
                src={item.image ?? undefined}
                category={item.category}
                alt=""
                className="aspect-square w-full max-w-20 object-contain transition-transform group-hover:scale-105"
              />
              <span className="line-clamp-2 text-xs leading-tight font-semibold [overflow-wrap:anywhere] text-white">
                {item.nameRu ?? item.nameEn}
              </span>
              {item.nameRu && (
                <span className="line-clamp-1 hidden text-[11px] text-muted-foreground sm:block">
                  {item.nameEn}
                </span>
              )}
              <span className="w-full truncate font-mono text-[10px] text-muted-foreground/70">
                {item.shortname}
              </span>
              <span className="hidden font-mono text-[10px] text-muted-foreground/50 sm:block">
                ID {item.id}
              </span>
            </button>
          </li>
        ))}
      </ul>
    );

  const shown = items.data?.items.length ?? 0;
  const total = items.data?.total ?? 0;
  return (
    <DialogBody className="flex flex-col gap-3">
      <div className="sticky top-0 z-10 -mx-6 bg-popover px-6 pb-2">
        <div className="relative">
          <Search
            className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label="Поиск предмета по названию или ID"
            placeholder="Название, shortname или ID..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
            autoFocus
          />
        </div>
        {items.data && total > 0 && (
          <p aria-live="polite" className="mt-2 text-xs text-muted-foreground">
            В таблице предметов: {total}
            {shown >= ITEM_SEARCH_LIMIT &&
              ` · показаны первые ${ITEM_SEARCH_LIMIT}, уточните поиск`}
          </p>
        )}
      </div>
      {content}
    </DialogBody>
  );
}

export function ItemPickerDialog({
  open,
  onOpenChange,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (item: ItemRow) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent width="3xl" className="h-[min(90dvh,44rem)]">
        <DialogHeader>
          <DialogTitle>Выбрать предмет</DialogTitle>
          <DialogDescription>
            Поиск по названию или ID. Название, категория и shortname подставятся в форму.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts with an empty search. */}
        {open && <ItemGrid onPick={onPick} />}
      </DialogContent>
    </Dialog>
  );
}
