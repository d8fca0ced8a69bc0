import {
  legalDocuments,
  legalTitles,
  LEGAL_MAX_CHARS,
  siteTemplateValues,
  type LegalDocument,
} from '@shop/shared';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import type { AdminSite } from '../../shared/api/get-admin-site';
import type { EditContent, SiteDraft } from '../site-draft';
import { LegalPreview } from './legal-preview';
import { PublishBar } from './publish-bar';
import { SellerFields } from './seller-fields';
import { SiteSection } from './site-section';

/** Short enough for four tabs on a phone; the full title labels the text itself. */
const tabNames: Record<LegalDocument, string> = {
  rules: 'Правила',
  agreement: 'Соглашение',
  privacy: 'Конфиденциальность',
  contacts: 'Контакты',
};

type SetDraft = (recipe: (draft: SiteDraft) => SiteDraft) => void;

function LegalDocumentEditor({
  document,
  draft,
  stored,
  setDraft,
}: {
  document: LegalDocument;
  draft: SiteDraft;
  stored: AdminSite;
  setDraft: SetDraft;
}) {
  const id = useId();
  const title = legalTitles[document];
  const sample = stored.legalSample[document];
  const edited = draft.legal[document] !== stored.legal[document];
  return (
    <div className="grid gap-4">
      {sample && (
        <div className="flex flex-col gap-2 rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm">
          <p>
            <Badge variant="warning" className="mr-2">
              Образец
            </Badge>
            Это текст из поставки магазина. Прочтите его, поправьте под себя и опубликуйте.
          </p>
          {!edited && (
            <label className="flex w-fit cursor-pointer items-center gap-2">
              <Checkbox
                checked={draft.acceptSample[document]}
                onCheckedChange={(checked) =>
                  setDraft((current) => ({
                    ...current,
                    acceptSample: { ...current.acceptSample, [document]: checked === true },
                  }))
                }
              />
              Текст образца меня устраивает — опубликовать его как есть
            </label>
          )}
        </div>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="grid content-start gap-2">
          <Label htmlFor={id}>Текст: {title} (Markdown)</Label>
          <Textarea
            id={id}
            className="min-h-80 font-mono text-xs leading-relaxed lg:h-[32rem]"
            maxLength={LEGAL_MAX_CHARS}
            value={draft.legal[document]}
            onChange={(event) => {
              const text = event.target.value;
              setDraft((current) => ({
                ...current,
                legal: { ...current.legal, [document]: text },
              }));
            }}
          />
        </div>
        <LegalPreview
          label={`Предпросмотр: ${title}`}
          markdown={draft.legal[document]}
          values={siteTemplateValues(draft.content)}
        />
      </div>
    </div>
  );
}

/**
 * «Документы»: the rules, the agreement, the privacy policy and the contacts, in Markdown beside
 * the page they make, and the seller's details the texts take in.
 */
export function LegalSection({
  draft,
  stored,
  edit,
  setDraft,
}: {
  draft: SiteDraft;
  stored: AdminSite;
  edit: EditContent;
  setDraft: SetDraft;
}) {
  return (
    <SiteSection
      title="Документы"
      description="Правила, соглашение, политика конфиденциальности, контакты и данные продавца"
      footer={<PublishBar section="legal" draft={draft} stored={stored} />}
    >
      <Tabs defaultValue="rules">
        <TabsList aria-label="Документы">
          {legalDocuments.map((document) => (
            <TabsTrigger key={document} value={document} compact>
              {tabNames[document]}
              {stored.legalSample[document] && (
                // In the tab's own colour: a coloured badge would fade on the active tab's fill.
                <span className="ml-1 rounded border border-current px-1.5 text-[0.65rem] leading-4 font-semibold uppercase">
                  Образец
                </span>
              )}
            </TabsTrigger>
          ))}
        </TabsList>
        {legalDocuments.map((document) => (
          <TabsContent key={document} value={document} compact>
            <LegalDocumentEditor
              document={document}
              draft={draft}
              stored={stored}
              setDraft={setDraft}
            />
          </TabsContent>
        ))}
      </Tabs>
      <SellerFields seller={draft.content.seller} edit={edit} />
    </SiteSection>
  );
}
