import { SHIPPED_BACKGROUND, SHIPPED_FAVICON, type ImageSlot } from '@shop/shared';
import { ImageOff, RotateCcw, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import { errorText } from '@/lib/api-client';
import type { AdminSite } from '../../shared/api/get-admin-site';
import { useResetSiteImage, useUploadSiteImage } from '../api/site-admin';
import { SiteSection } from './site-section';

const slots: { slot: ImageSlot; title: string; hint: string }[] = [
  { slot: 'logo', title: 'Логотип', hint: 'В шапке рядом с названием; квадратный, от 128 px' },
  { slot: 'favicon', title: 'Значок вкладки', hint: 'Во вкладке браузера; квадратный, от 64 px' },
  { slot: 'background', title: 'Фон', hint: 'За всеми страницами; широкий, от 1920 px' },
];

type Outcome = { ok: true; version: number } | { ok: false; message: string } | null;

function currentPicture(
  site: AdminSite,
  slot: ImageSlot,
): { url: string | null; shipped: boolean } {
  const { images } = site.public;
  if (slot === 'logo') return { url: images.logo, shipped: images.logo === null };
  if (slot === 'favicon')
    return { url: images.favicon, shipped: images.favicon === SHIPPED_FAVICON };
  const url = images.background.desktop;
  return { url, shipped: url === SHIPPED_BACKGROUND };
}

/** One picture: what players see now, a new file (published at once) or the shipped one again. */
function ImageSlotCard({
  site,
  slot,
  title,
  hint,
}: {
  site: AdminSite;
  slot: ImageSlot;
  title: string;
  hint: string;
}) {
  const inputId = useId();
  const upload = useUploadSiteImage();
  const reset = useResetSiteImage();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const picture = currentPicture(site, slot);
  const busy = upload.isPending || reset.isPending;
  const settle = {
    onSuccess: ({ version }: { version: number }) => setOutcome({ ok: true, version }),
    onError: (error: Error) =>
      setOutcome({ ok: false, message: errorText(error, 'Не удалось сохранить изображение') }),
  };

  return (
    <div
      role="group"
      aria-label={title}
      className="grid content-start gap-3 rounded-lg border border-white/10 p-4"
    >
      <p className="text-sm font-semibold text-white">{title}</p>
      <div className="flex h-28 items-center justify-center overflow-hidden rounded-md border border-white/8 bg-black/40">
        {picture.url ? (
          <img
            src={picture.url}
            alt={`${title}: текущее изображение`}
            className={
              slot === 'background'
                ? 'size-full object-cover'
                : 'max-h-20 max-w-full object-contain'
            }
          />
        ) : (
          <span className="flex items-center gap-2 text-xs text-muted-foreground">
            <ImageOff aria-hidden="true" className="size-4" />
            Стандартный значок магазина
          </span>
        )}
      </div>
      <p className="text-xs text-muted-foreground">{hint}. PNG, JPEG или WebP до 5 МБ.</p>
      <div className="flex flex-wrap gap-2">
        <label
          htmlFor={inputId}
          className="inline-flex h-8 cursor-pointer items-center gap-2 rounded-md border border-input bg-black/30 px-3 text-xs font-semibold hover:border-primary/70 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
        >
          <Upload aria-hidden="true" className="size-4" />
          Загрузить
          <input
            id={inputId}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            aria-label={`${title}: загрузить файл`}
            className="sr-only"
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              setOutcome(null);
              upload.mutate({ slot, file }, settle);
            }}
          />
        </label>
        <Button
          variant="outline"
          size="sm"
          disabled={busy || picture.shipped}
          onClick={() => {
            setOutcome(null);
            reset.mutate(slot, settle);
          }}
        >
          <RotateCcw aria-hidden="true" />
          Вернуть стандартное
        </Button>
      </div>
      <div role="status" className="text-xs">
        {outcome?.ok && (
          <span className="font-medium text-[#8ee0a6]">Опубликовано: версия {outcome.version}</span>
        )}
      </div>
      {outcome && !outcome.ok && <FormAlert>{outcome.message}</FormAlert>}
    </div>
  );
}

/** «Изображения»: logo, tab icon and background; each change is published as soon as it is made. */
export function ImagesSection({ site }: { site: AdminSite }) {
  return (
    <SiteSection
      title="Изображения"
      description="Логотип, значок вкладки и фон: новый файл публикуется сразу"
    >
      <div className="grid gap-4 md:grid-cols-3">
        {slots.map((slot) => (
          <ImageSlotCard key={slot.slot} site={site} {...slot} />
        ))}
      </div>
    </SiteSection>
  );
}
