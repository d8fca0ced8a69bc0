import { Send } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import { errorText } from '@/lib/api-client';
import type { AdminSite } from '../../shared/api/get-admin-site';
import { usePublishSite } from '../api/site-admin';
import { publishRequest, type SiteDraft, type SiteSection } from '../site-draft';

type Outcome = { ok: true; version: number } | { ok: false; message: string } | null;

/**
 * «Опубликовать» for one part: sends that part's fields only. A refusal, ours or the server's, is
 * said in Russian beside the button and the draft is kept as typed, to be corrected.
 */
export function PublishBar({
  section,
  draft,
  stored,
}: {
  section: SiteSection;
  draft: SiteDraft;
  stored: AdminSite;
}) {
  const publish = usePublishSite();
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = () => {
    const request = publishRequest(section, draft, stored);
    if (!request.ok) {
      setOutcome({ ok: false, message: request.message });
      return;
    }
    setOutcome(null);
    publish.mutate(request.body, {
      onSuccess: ({ version }) => setOutcome({ ok: true, version }),
      onError: (error) =>
        setOutcome({ ok: false, message: errorText(error, 'Не удалось опубликовать') }),
    });
  };

  return (
    <div className="flex flex-col gap-3 border-t border-white/8 pt-4 sm:flex-row sm:items-center">
      <Button
        className="w-fit"
        disabled={publish.isPending}
        aria-busy={publish.isPending}
        onClick={submit}
      >
        <Send aria-hidden="true" />
        Опубликовать
      </Button>
      <div role="status" className="text-sm">
        {outcome?.ok && (
          <span className="font-medium text-[#8ee0a6]">Опубликовано: версия {outcome.version}</span>
        )}
      </div>
      {outcome && !outcome.ok && <FormAlert className="sm:flex-1">{outcome.message}</FormAlert>}
    </div>
  );
}
