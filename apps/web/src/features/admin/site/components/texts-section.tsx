import type { SiteTexts } from '@shop/shared';
import type { AdminSite } from '../../shared/api/get-admin-site';
import type { EditContent, SiteDraft } from '../site-draft';
import { CardListEditor } from './card-list-editor';
import { PublishBar } from './publish-bar';
import { SiteSection } from './site-section';
import { TextField } from './text-field';

type Hero = SiteTexts['hero'];

const heroFields: { field: keyof Hero; label: string; max: number; multiline?: boolean }[] = [
  { field: 'badge', label: 'Плашка над заголовком', max: 60 },
  { field: 'title', label: 'Заголовок главной', max: 60 },
  { field: 'titleAccent', label: 'Выделенное слово после заголовка', max: 30 },
  { field: 'subtitle', label: 'Подзаголовок главной', max: 300, multiline: true },
  { field: 'bonusNote', label: 'Строка о бонусе к пополнению', max: 200, multiline: true },
  { field: 'shopButton', label: 'Кнопка магазина', max: 30 },
  { field: 'serversButton', label: 'Кнопка серверов', max: 30 },
];

const navFields: { field: keyof SiteTexts['nav']; label: string }[] = [
  { field: 'home', label: 'Пункт меню «Главная»' },
  { field: 'shop', label: 'Пункт меню «Магазин»' },
  { field: 'servers', label: 'Пункт меню «Серверы»' },
];

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="grid gap-4 border-t border-white/8 pt-5">
      <legend className="float-left w-full font-display text-base font-bold tracking-wide text-white uppercase">
        {title}
      </legend>
      {children}
    </fieldset>
  );
}

/** «Главная и тексты»: the words of the home, sign-in, shop pages, the footer and the menu. */
export function TextsSection({
  draft,
  stored,
  edit,
}: {
  draft: SiteDraft;
  stored: AdminSite;
  edit: EditContent;
}) {
  const { texts } = draft.content;
  const setTexts = (recipe: (current: SiteTexts) => SiteTexts) =>
    edit((content) => ({ ...content, texts: recipe(content.texts) }));
  const setLogin = (login: Partial<SiteTexts['login']>) =>
    setTexts((current) => ({ ...current, login: { ...current.login, ...login } }));
  return (
    <SiteSection
      title="Главная и тексты"
      description="Тексты главной, страницы входа, магазина, подвала и меню"
      footer={<PublishBar section="texts" draft={draft} stored={stored} />}
    >
      <p className="rounded-md border border-white/10 bg-black/25 px-3 py-2 text-sm text-muted-foreground">
        В текстах можно писать <code className="text-white">{'{{shop.name}}'}</code> — название
        магазина и <code className="text-white">{'{{topUp.bonusPercent}}'}</code> — бонус к
        пополнению в процентах: на сайте они заменятся значениями.
      </p>
      <Group title="Главная">
        <div className="grid gap-4 md:grid-cols-2">
          {heroFields.map(({ field, label, max, multiline }) => (
            <TextField
              key={field}
              label={label}
              maxLength={max}
              multiline={multiline}
              className={multiline ? 'md:col-span-2' : undefined}
              value={texts.hero[field]}
              onChange={(value) =>
                setTexts((current) => ({ ...current, hero: { ...current.hero, [field]: value } }))
              }
            />
          ))}
        </div>
        <CardListEditor
          title="Карточки главной"
          itemName="Карточка главной"
          cards={texts.features}
          onChange={(features) => setTexts((current) => ({ ...current, features }))}
        />
      </Group>
      <Group title="Страница входа">
        <TextField
          label="Заголовок входа"
          maxLength={60}
          value={texts.login.title}
          onChange={(title) => setLogin({ title })}
        />
        <TextField
          label="Текст входа"
          multiline
          maxLength={300}
          value={texts.login.text}
          onChange={(text) => setLogin({ text })}
        />
        <TextField
          label="Строка о согласии"
          multiline
          maxLength={300}
          value={texts.login.consent}
          onChange={(consent) => setLogin({ consent })}
        />
        <CardListEditor
          title="Карточки входа"
          itemName="Карточка входа"
          cards={texts.login.cards}
          onChange={(cards) => setLogin({ cards })}
        />
      </Group>
      <Group title="Магазин, подвал и меню">
        <TextField
          label="Подзаголовок магазина"
          multiline
          maxLength={300}
          value={texts.shop.subtitle}
          onChange={(subtitle) => setTexts((current) => ({ ...current, shop: { subtitle } }))}
        />
        <TextField
          label="Описание в подвале"
          multiline
          maxLength={300}
          value={texts.footer.blurb}
          onChange={(blurb) => setTexts((current) => ({ ...current, footer: { blurb } }))}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          {navFields.map(({ field, label }) => (
            <TextField
              key={field}
              label={label}
              maxLength={24}
              value={texts.nav[field]}
              onChange={(value) =>
                setTexts((current) => ({ ...current, nav: { ...current.nav, [field]: value } }))
              }
            />
          ))}
        </div>
      </Group>
    </SiteSection>
  );
}
