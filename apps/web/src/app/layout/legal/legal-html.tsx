import type { LegalDocument } from '@shop/shared';
import { FileWarning, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/spinner';
import { useLegalPage } from '@/features/site/api/get-legal-page';
import { errorText } from '@/lib/api-client';

/**
 * The owner's Markdown as the server rendered it: headings, paragraphs, lists, links, emphasis,
 * quotes, code and tables, drawn for the dark dialog. Headings start at h2 in the text; the
 * dialog's own title is above them.
 */
const prose = [
  'text-sm leading-relaxed text-foreground/85 break-words',
  '[&>:first-child]:mt-0 [&>:last-child]:mb-0',
  '[&_h1]:mt-6 [&_h1]:mb-3 [&_h1]:font-display [&_h1]:text-lg [&_h1]:font-bold [&_h1]:tracking-wide [&_h1]:text-white [&_h1]:uppercase',
  '[&_h2]:mt-6 [&_h2]:mb-2.5 [&_h2]:font-display [&_h2]:text-base [&_h2]:font-bold [&_h2]:tracking-wide [&_h2]:text-white [&_h2]:uppercase',
  '[&_h3]:mt-5 [&_h3]:mb-2 [&_h3]:font-semibold [&_h3]:text-white',
  '[&_h4]:mt-4 [&_h4]:mb-2 [&_h4]:font-semibold [&_h4]:text-foreground',
  '[&_p]:my-2.5',
  '[&_ul]:my-2.5 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:my-2.5 [&_ol]:list-decimal [&_ol]:pl-5 [&_li]:my-1 [&_li]:marker:text-muted-foreground',
  '[&_a]:font-medium [&_a]:text-accent [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:text-white',
  '[&_strong]:font-semibold [&_strong]:text-white [&_em]:italic',
  '[&_blockquote]:my-3 [&_blockquote]:border-l-2 [&_blockquote]:border-primary/60 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground',
  '[&_code]:rounded [&_code]:bg-white/8 [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.9em] [&_pre]:my-3 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-black/40 [&_pre]:p-3',
  '[&_hr]:my-5 [&_hr]:border-white/10',
  '[&_table]:my-3 [&_table]:block [&_table]:overflow-x-auto [&_td]:border [&_td]:border-white/10 [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-white/10 [&_th]:px-2 [&_th]:py-1 [&_th]:text-left [&_th]:text-white',
].join(' ');

/** A legal page's text, with its loading and failure in Russian. */
export function LegalHtml({ document }: { document: LegalDocument }) {
  const page = useLegalPage(document);
  if (page.isPending) return <LoadingState text="Загрузка документа..." padding="md" />;
  if (page.isError)
    return (
      <EmptyState
        tone="error"
        padding="md"
        icon={<FileWarning />}
        title="Не удалось загрузить документ"
        description={errorText(page.error, 'Попробуйте ещё раз чуть позже.')}
        action={
          <Button variant="outline" size="sm" onClick={() => void page.refetch()}>
            <RotateCcw aria-hidden="true" />
            Повторить
          </Button>
        }
      />
    );
  return (
    // The server renders the owner's Markdown with raw HTML off, links limited to http(s), mailto
    // and tel, and no images (shared legal-markdown.ts): the HTML is safe to put in the page as is.
    <div className={prose} dangerouslySetInnerHTML={{ __html: page.data.html }} />
  );
}
