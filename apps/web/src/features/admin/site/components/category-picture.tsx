import type { SiteCategory } from '@shop/shared';
import { ImageOff, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { CategoryArt } from '@/components/category-art';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import { errorText } from '@/lib/api-client';
import type { AdminSite } from '../../shared/api/get-admin-site';
import { useResetCategoryImage, useUploadCategoryImage } from '../api/site-admin';

type Outcome = { ok: true; version: number } | { ok: false; message: string } | null;

/**
 * «Картинка» of one category: what players see for it now (the owner's picture or the drawn one),
 * a new file or «Убрать», each published at once like the shop's other pictures. The server keeps
 * pictures by the categories it knows, so a category added in the draft gets one once published.
 */
export function CategoryPicture({
  category,
  stored,
}: {
  category: SiteCategory;
  stored: AdminSite;
}) {
  const inputId = useId();
  const upload = useUploadCategoryImage();
  const reset = useResetCategoryImage();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const published = stored.public.categories.find((item) => item.key === category.key);
  const picture = published?.image ?? null;
  const busy = upload.isPending || reset.isPending;
  const name = `Категория ${category.key}`;
  const settle = {
    onSuccess: ({ version }: { version: number }) => setOutcome({ ok: true, version }),
    onError: (error: Error) =>
      setOutcome({ ok: false, message: errorText(error, 'Не удалось сохранить картинку') }),
  };

  return (
    <>
      <div role="group" aria-label={`Картинка: ${name}`} className="flex items-center gap-2">
        <span className="flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-md border border-white/8 bg-black/40">
          {picture ? (
            <img
              src={picture}
              alt={`Картинка: ${name}`}
              width={36}
              height={36}
              className="size-full object-cover"
            />
          ) : (
            <CategoryArt category={category.key} className="size-7" />
          )}
        </span>
        <label
          htmlFor={inputId}
          className="inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-md border border-input bg-black/30 px-2.5 text-xs font-semibold hover:border-primary/70 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
        >
          <Upload aria-hidden="true" className="size-4" />
          Картинка
          <input
            id={inputId}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            aria-label={`Загрузить картинку: ${name}`}
            className="sr-only"
            disabled={busy || !published}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              setOutcome(null);
              upload.mutate({ key: category.key, file }, settle);
            }}
          />
        </label>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Убрать картинку: ${name}`}
          disabled={busy || !picture}
          onClick={() => {
            setOutcome(null);
            reset.mutate(category.key, settle);
          }}
        >
          <ImageOff aria-hidden="true" />
          Убрать
        </Button>
      </div>
      {!published && (
        <span className="text-xs text-muted-foreground">Картинка — после публикации категории</span>
      )}
      <div role="status" className="order-last basis-full text-xs empty:hidden">
        {outcome?.ok && (
          <span className="font-medium text-[#8ee0a6]">
            Картинка опубликована: версия {outcome.version}
          </span>
        )}
      </div>
      {outcome && !outcome.ok && (
        <FormAlert className="order-last basis-full">{outcome.message}</FormAlert>
      )}
    </>
  );
}
