import { useId } from 'react';
import { Label } from '@/components/ui/label';
import type { AdminSite } from '../../shared/api/get-admin-site';
import type { EditContent, SiteDraft } from '../site-draft';
import { PrimaryColorField } from './primary-color-field';
import { PublishBar } from './publish-bar';
import { SiteSection } from './site-section';
import { TextField } from './text-field';

/** «Магазин»: the shop's name, its one-line description, the primary colour and the backdrop. */
export function ShopSection({
  draft,
  stored,
  edit,
}: {
  draft: SiteDraft;
  stored: AdminSite;
  edit: EditContent;
}) {
  const overlayId = useId();
  const { content } = draft;
  const setColors = (colors: Partial<SiteDraft['content']['colors']>) =>
    edit((current) => ({ ...current, colors: { ...current.colors, ...colors } }));
  return (
    <SiteSection
      title="Магазин"
      description="Название, описание, основной цвет и затемнение фона"
      defaultOpen
      footer={<PublishBar section="shop" draft={draft} stored={stored} />}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label="Название магазина"
          value={content.name}
          maxLength={40}
          onChange={(name) => edit((current) => ({ ...current, name }))}
        />
        <PrimaryColorField
          value={content.colors.primary}
          onChange={(primary) => setColors({ primary })}
        />
      </div>
      <TextField
        label="Краткое описание"
        hint="Под названием в поиске и в ссылках, которыми делятся"
        multiline
        maxLength={200}
        value={content.description}
        onChange={(description) => edit((current) => ({ ...current, description }))}
      />
      <div className="grid gap-2">
        <Label htmlFor={overlayId}>
          Затемнение фона:{' '}
          {Number.isFinite(content.colors.overlayPercent) ? content.colors.overlayPercent : 0} %
        </Label>
        <input
          id={overlayId}
          type="range"
          min={0}
          max={90}
          step={1}
          value={content.colors.overlayPercent}
          onChange={(event) => setColors({ overlayPercent: Number(event.target.value) })}
          className="w-full max-w-md accent-primary"
        />
      </div>
    </SiteSection>
  );
}
