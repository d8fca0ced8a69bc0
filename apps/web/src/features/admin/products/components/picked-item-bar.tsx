import { LoaderCircle, PackageSearch } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { useCatalogueLists } from '../api/get-catalogue-lists';
import { fetchItemName } from '../api/get-item-name';
import type { ItemRow } from '../api/search-items';
import { itemToFormFields, type ProductFormValues } from '../product-form';
import { ItemPickerDialog } from './item-picker-dialog';

/** A game item's icon as the server knows it: null when the shop has none. */
export interface KnownIcon {
  itemId: string;
  src: string | null;
}

/**
 * The picked game item at the top of the product form, and the way to pick another. Its icon is
 * the one the server named for that item (the edited product's, or the picked row's); an id typed
 * by hand shows the category's picture rather than asking for a file that may not exist.
 */
export function PickedItemBar({
  itemId,
  itemName,
  category,
  editedIcon,
  onPicked,
  onNamingChange,
}: {
  itemId: string;
  itemName: string;
  category: string;
  editedIcon: KnownIcon | null;
  onPicked: (fields: Partial<ProductFormValues>) => void;
  onNamingChange: (naming: boolean) => void;
}) {
  const categories = useCatalogueLists()?.categories;
  const [open, setOpen] = useState(false);
  const [naming, setNaming] = useState(false);
  const [pickedIcon, setPickedIcon] = useState<KnownIcon | null>(null);
  const icon = [pickedIcon, editedIcon].find((known) => known?.itemId === itemId);

  const pick = async (item: ItemRow) => {
    setPickedIcon({ itemId: String(item.id), src: item.image });
    setOpen(false);
    setNaming(true);
    onNamingChange(true);
    // The Russian name comes from the server; if that fails the table's or the original name stays.
    let name = item.nameRu ?? item.nameEn;
    try {
      name = (await fetchItemName(item.id)).name;
    } catch (error) {
      console.warn('Item name lookup failed', error);
    }
    onPicked(itemToFormFields(item, name, categories));
    setNaming(false);
    onNamingChange(false);
    toast.success('Товар выбран', { description: name });
  };

  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border border-white/8 bg-black/30 p-3 sm:col-span-2">
      <ImageWithFallback
        src={icon?.src ?? undefined}
        category={category || null}
        alt=""
        className="size-14 shrink-0 rounded-md bg-white/5 object-contain p-1"
      />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-white">
          {itemName || 'Предмет не выбран'}
        </p>
        <p className="truncate font-mono text-xs text-muted-foreground">
          {itemId ? `ID ${itemId}` : 'Можно выбрать из таблицы или ввести вручную'}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={() => setOpen(true)}
        disabled={naming}
        className="max-sm:w-full"
      >
        {naming ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <PackageSearch aria-hidden="true" />
        )}
        Выбрать предмет
      </Button>
      <ItemPickerDialog open={open} onOpenChange={setOpen} onPick={(item) => void pick(item)} />
    </div>
  );
}
