import type { TemplateValues } from '@shop/shared';
import { useDeferredValue, useEffect, useState } from 'react';
import { LoadingState } from '@/components/ui/spinner';

type Render = (markdown: string, values: TemplateValues) => string;

/**
 * The renderer the server uses, loaded when «Документы» is first opened: markdown-it weighs more
 * than the rest of the tab and nothing else in the panel needs it.
 */
function useLegalRenderer(): Render | null | 'failed' {
  const [render, setRender] = useState<Render | null | 'failed'>(null);
  useEffect(() => {
    let live = true;
    import('@shop/shared/legal-markdown')
      .then((module) => live && setRender(() => module.renderLegalMarkdown))
      .catch(() => live && setRender('failed'));
    return () => {
      live = false;
    };
  }, []);
  return render;
}

/** The document as players will read it, with the seller's details filled in. */
export function LegalPreview({
  markdown,
  values,
  label,
}: {
  markdown: string;
  values: TemplateValues;
  label: string;
}) {
  const render = useLegalRenderer();
  // Typing stays quick in a long text: the preview catches up when the browser has a moment.
  const deferred = useDeferredValue(markdown);
  if (render === 'failed') {
    return <p className="text-sm text-destructive">Не удалось загрузить предпросмотр документа.</p>;
  }
  if (!render) return <LoadingState text="Загрузка предпросмотра..." padding="sm" />;
  return (
    <div
      role="region"
      aria-label={label}
      // A box that scrolls is reached by the keyboard too.
      tabIndex={0}
      // Drawn as players see it in the dialog (index.css `legal-prose`).
      className="legal-prose max-h-[32rem] overflow-y-auto rounded-md border border-white/10 bg-black/30 p-4"
      // The shop's own renderer: raw HTML in the text is shown as text, links are http(s)/mailto/tel.
      dangerouslySetInnerHTML={{ __html: render(deferred, values) }}
    />
  );
}
