import { History, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FormAlert } from '@/components/ui/form-field';
import { LoadingState } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { Pager } from '../../shared/components/pager';
import { pageCount } from '../../shared/pagination';
import { useRestoreSiteVersion, useSiteVersions, VERSIONS_PAGE_SIZE } from '../api/site-admin';
import { SiteSection } from './site-section';

/**
 * «Версии»: every published version, newest first. Going back makes the chosen one's settings,
 * texts and pictures a new version, so nothing in between is lost either.
 */
export function VersionsSection({
  current,
  onRestored,
}: {
  current: number;
  /** The whole draft is replaced by what was restored. */
  onRestored: () => void;
}) {
  const [page, setPage] = useState(1);
  const versions = useSiteVersions(page);
  const restore = useRestoreSiteVersion();
  const [asked, setAsked] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const data = versions.data;

  const confirm = () => {
    if (asked === null) return;
    setError(null);
    const restored = asked;
    restore.mutate(restored, {
      onSuccess: ({ version }) => {
        setAsked(null);
        // The tab starts again from the restored settings, so the word on it outlives the table.
        toast.success(`Возвращена версия ${restored}`, {
          description: `Опубликовано: версия ${version}`,
        });
        onRestored();
      },
      onError: (failure) => {
        setAsked(null);
        setError(errorText(failure, 'Не удалось вернуть версию'));
      },
    });
  };

  let content: React.ReactNode;
  if (versions.isPending) content = <LoadingState text="Загрузка версий..." padding="sm" />;
  else if (versions.isError)
    content = <EmptyState tone="error" title={`Ошибка: ${versions.error.message}`} />;
  else if (!data || data.versions.length === 0)
    content = (
      <EmptyState
        icon={<History />}
        title="Пока ничего не опубликовано: действуют стандартные настройки"
      />
    );
  else
    content = (
      <>
        <ol aria-label={`Версии оформления, страница ${page}`} className="grid gap-2">
          {data.versions.map((row) => (
            <li
              key={row.version}
              className="flex flex-col gap-3 rounded-lg border border-white/10 px-4 py-3 text-sm sm:flex-row sm:items-center"
            >
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-white">
                  Версия {row.version}
                  {row.version === current && (
                    <span className="ml-2 text-xs font-medium text-[#8ee0a6]">действует</span>
                  )}
                </p>
                <p className="text-xs text-muted-foreground">
                  {formatDateTime(row.createdAt)} · {row.actorName}
                </p>
                <p className="mt-1 break-words">{row.summary}</p>
                {row.restoredFrom !== null && (
                  <p className="text-xs text-muted-foreground">возврат к {row.restoredFrom}</p>
                )}
              </div>
              {row.version !== current && (
                <Button
                  variant="outline"
                  size="sm"
                  className="w-fit"
                  onClick={() => setAsked(row.version)}
                >
                  <RotateCcw aria-hidden="true" />
                  Вернуть эту версию
                  <span className="sr-only"> № {row.version}</span>
                </Button>
              )}
            </li>
          ))}
        </ol>
        <Pager
          page={page}
          pages={pageCount(data.total, VERSIONS_PAGE_SIZE)}
          busy={versions.isFetching}
          onPage={setPage}
          size="sm"
          className="mt-3"
        />
      </>
    );

  return (
    <SiteSection title="Версии" description="Все опубликованные версии и возврат к любой из них">
      {error && <FormAlert>{error}</FormAlert>}
      {content}
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => !open && setAsked(null)}
        title={`Вернуть версию ${asked ?? ''}?`}
        description="Её название, цвета, тексты, ссылки, документы и изображения станут новой версией и сразу появятся на сайте. Неопубликованные правки на этой вкладке пропадут."
        confirmLabel="Вернуть эту версию"
        destructive={false}
        busy={restore.isPending}
        onConfirm={confirm}
      />
    </SiteSection>
  );
}
