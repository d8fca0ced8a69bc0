import { linkKinds, type LinkKind, type SiteLink } from '@shop/shared';
import { Plus } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import type { AdminSite } from '../../shared/api/get-admin-site';
import {
  addItem,
  MAX_LINKS,
  moveItem,
  newLink,
  removeItem,
  replaceItem,
  setMainLink,
} from '../list-editor';
import type { EditContent, SiteDraft } from '../site-draft';
import { ListItemCard } from './list-item-controls';
import { PublishBar } from './publish-bar';
import { SiteSection } from './site-section';
import { TextField } from './text-field';

const kindNames: Record<LinkKind, string> = {
  vk: 'ВКонтакте',
  telegram: 'Telegram',
  discord: 'Discord',
  youtube: 'YouTube',
  site: 'Сайт',
};

function LinkRow({
  link,
  name,
  radioGroup,
  onChange,
  onMain,
}: {
  link: SiteLink;
  name: string;
  radioGroup: string;
  onChange: (link: SiteLink) => void;
  onMain: () => void;
}) {
  const kindId = useId();
  return (
    <div className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)_minmax(0,12rem)]">
      <div className="grid content-start gap-2">
        <Label htmlFor={kindId}>Тип</Label>
        <NativeSelect
          id={kindId}
          value={link.kind}
          onChange={(event) => onChange({ ...link, kind: event.target.value as LinkKind })}
        >
          {linkKinds.map((kind) => (
            <option key={kind} value={kind}>
              {kindNames[kind]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <TextField
        label="Адрес"
        placeholder="https://t.me/…"
        maxLength={500}
        value={link.url}
        onChange={(url) => onChange({ ...link, url })}
      />
      <TextField
        label="Подпись"
        maxLength={40}
        value={link.label}
        onChange={(label) => onChange({ ...link, label })}
      />
      <label className="flex w-fit cursor-pointer items-center gap-2 text-sm sm:col-span-3">
        <input
          type="radio"
          name={radioGroup}
          checked={link.main}
          onChange={onMain}
          aria-label={`Главная ссылка: ${name}`}
          className="size-4 accent-primary"
        />
        Главная ссылка
      </label>
    </div>
  );
}

/** «Ссылки сообщества»: the header, footer and floating button's links; at most one is main. */
export function LinksSection({
  draft,
  stored,
  edit,
}: {
  draft: SiteDraft;
  stored: AdminSite;
  edit: EditContent;
}) {
  const radioGroup = useId();
  const { links } = draft.content;
  const setLinks = (next: SiteLink[]) => edit((content) => ({ ...content, links: next }));
  return (
    <SiteSection
      title="Ссылки сообщества"
      description={`ВКонтакте, Telegram, Discord, YouTube или сайт — до ${MAX_LINKS}`}
      footer={<PublishBar section="links" draft={draft} stored={stored} />}
    >
      {links.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Ссылок нет: шапка и подвал покажутся без них.
        </p>
      ) : (
        <ol className="grid gap-3" aria-label="Ссылки сообщества">
          {links.map((link, index) => {
            const name = `Ссылка ${index + 1}`;
            return (
              <ListItemCard
                key={index}
                name={name}
                index={index}
                count={links.length}
                onMove={(by) => setLinks(moveItem(links, index, by))}
                onRemove={() => setLinks(removeItem(links, index))}
              >
                <LinkRow
                  link={link}
                  name={name}
                  radioGroup={radioGroup}
                  onChange={(next) => setLinks(replaceItem(links, index, next))}
                  onMain={() => setLinks(setMainLink(links, index))}
                />
              </ListItemCard>
            );
          })}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-4">
        <Button
          variant="outline"
          size="sm"
          disabled={links.length >= MAX_LINKS}
          onClick={() => setLinks(addItem(links, newLink(), MAX_LINKS))}
        >
          <Plus aria-hidden="true" />
          Добавить ссылку
        </Button>
        {links.length > 0 && (
          <label className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="radio"
              name={radioGroup}
              checked={links.every((link) => !link.main)}
              onChange={() => setLinks(setMainLink(links, -1))}
              className="size-4 accent-primary"
            />
            Без главной ссылки
          </label>
        )}
      </div>
    </SiteSection>
  );
}
