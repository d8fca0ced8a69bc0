import type { LegalDocument } from '@shop/shared';
import { FileWarning, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/spinner';
import { useLegalPage } from '@/features/site/api/get-legal-page';
import { errorText } from '@/lib/api-client';

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
    // Drawn by the `legal-prose` style (index.css). The server renders the owner's Markdown with raw HTML off, links limited to http(s), mailto
    // and tel, and no images (shared legal-markdown.ts): the HTML is safe to put in the page as is.
    <div className="legal-prose" dangerouslySetInnerHTML={{ __html: page.data.html }} />
  );
}
