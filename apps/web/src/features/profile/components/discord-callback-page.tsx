import { useEffect, useRef, useState } from 'react';
import { ButtonLink } from '@/components/ui/button-link';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingState } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-client';
import { finishDiscordLink } from '../api/discord-link';

const OTHER_BROWSER =
  'Эта привязка начата не в этом браузере или устарела, поэтому она не выполнена. Нажмите «Привязать Discord» в профиле ещё раз.';

/** Where Discord sends the browser back: finishes linking once, then clears the code from the address. */
export function DiscordCallbackPage() {
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const query = new URLSearchParams(window.location.search);
    const code = query.get('code');
    const state = query.get('state') ?? '';
    // The code is single-use and worthless without the shop's secret; still, off the address.
    window.history.replaceState(null, '', window.location.pathname);
    const linking = code ? finishDiscordLink(code, state) : Promise.reject(new Error('cancelled'));
    linking
      .then((view) =>
        setResult({ ok: true, text: `Discord привязан: ${view.linked?.username ?? ''}` }),
      )
      .catch((error: unknown) =>
        setResult({
          ok: false,
          text:
            error instanceof Error && error.message === 'cancelled'
              ? 'Привязка Discord отменена.'
              : error instanceof Error && error.message === 'state'
                ? OTHER_BROWSER
                : errorText(error, 'Не удалось привязать Discord'),
        }),
      );
  }, []);

  return (
    <>
      <PageHeader title="Привязка Discord" />
      {result ? (
        <Card className="flex flex-col gap-4 p-5 sm:p-6">
          <p role="status" className={result.ok ? 'text-success' : 'text-destructive'}>
            {result.text}
          </p>
          <ButtonLink to="/profile" variant="outline" className="w-fit">
            В профиль
          </ButtonLink>
        </Card>
      ) : (
        <LoadingState text="Привязываем Discord..." />
      )}
    </>
  );
}
