import type { SiteCategory } from '@shop/shared';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError } from '@/components/ui/label';
import { Input } from '@/components/ui/input';
import {
  addItem,
  categoryKeyProblem,
  MAX_CATEGORIES,
  moveItem,
  removeItem,
  replaceItem,
} from '../list-editor';
import type { AdminSite } from '../../shared/api/get-admin-site';
import { CategoryPicture } from './category-picture';
import { ListItemControls } from './list-item-controls';
import { TextField } from './text-field';

/** A new category: its latin key (what products store) and its name; both checked before adding. */
function AddCategory({
  categories,
  onAdd,
}: {
  categories: SiteCategory[];
  onAdd: (category: SiteCategory) => void;
}) {
  const id = useId();
  const [key, setKey] = useState('');
  const [label, setLabel] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = () => {
    const trimmed = key.trim();
    const found =
      categoryKeyProblem(trimmed, categories) ??
      (label.trim() ? null : 'Укажите название новой категории');
    setProblem(found);
    if (found) return;
    onAdd({ key: trimmed, label: label.trim(), hidden: false });
    setKey('');
    setLabel('');
  };
  return (
    <div className="grid gap-2">
      <div className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-end">
        <TextField
          label="Ключ новой категории"
          placeholder="skins"
          maxLength={32}
          value={key}
          onChange={setKey}
        />
        <TextField
          label="Название новой категории"
          maxLength={40}
          value={label}
          onChange={setLabel}
        />
        <Button
          variant="outline"
          className="w-fit"
          onClick={add}
          disabled={categories.length >= MAX_CATEGORIES}
        >
          <Plus aria-hidden="true" />
          Добавить категорию
        </Button>
      </div>
      <FieldError id={`${id}-problem`}>{problem ?? undefined}</FieldError>
    </div>
  );
}

/**
 * The shop's categories in their order: renamed, hidden or moved freely. One that products use
 * cannot be removed: the server refuses, and the reason shows beside «Опубликовать». Each one's
 * picture is published on its own, at once (`stored`: the settings in force).
 */
export function CategoriesEditor({
  categories,
  stored,
  onChange,
}: {
  categories: SiteCategory[];
  stored: AdminSite;
  onChange: (categories: SiteCategory[]) => void;
}) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-semibold text-white">
        Категории ({categories.length} из {MAX_CATEGORIES})
      </legend>
      <ol className="grid gap-2" aria-label="Категории">
        {categories.map((category, index) => {
          const name = `Категория ${category.key}`;
          return (
            <li
              key={category.key}
              className="flex flex-wrap items-center gap-3 rounded-lg border border-white/10 px-3 py-2"
            >
              <code className="w-28 shrink-0 truncate text-xs text-muted-foreground">
                {category.key}
              </code>
              <Input
                aria-label={`Название: ${name}`}
                className="min-w-40 flex-1"
                maxLength={40}
                value={category.label}
                onChange={(event) =>
                  onChange(
                    replaceItem(categories, index, { ...category, label: event.target.value }),
                  )
                }
              />
              <label className="flex items-center gap-2 text-sm">
                <Checkbox
                  aria-label={`Скрыть: ${name}`}
                  checked={category.hidden}
                  onCheckedChange={(checked) =>
                    onChange(
                      replaceItem(categories, index, { ...category, hidden: checked === true }),
                    )
                  }
                />
                Скрыта
              </label>
              <CategoryPicture category={category} stored={stored} />
              <ListItemControls
                name={name}
                index={index}
                count={categories.length}
                onMove={(by) => onChange(moveItem(categories, index, by))}
                onRemove={() => onChange(removeItem(categories, index))}
              />
            </li>
          );
        })}
      </ol>
      <AddCategory
        categories={categories}
        onAdd={(category) => onChange(addItem(categories, category, MAX_CATEGORIES))}
      />
    </fieldset>
  );
}
