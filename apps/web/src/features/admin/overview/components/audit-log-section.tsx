import { ScrollText, ShieldAlert, ShieldCheck } from 'lucide-react';
import { pluralRu } from '@shop/shared';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/spinner';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useAuditLog } from '../api/get-audit';
import { auditTarget } from '../audit-fields';
import { auditActionLabel, describeChange } from '../audit-labels';
import { pageCount } from '../../shared/pagination';
import { AdminSection } from '../../shared/components/admin-section';
import { AdminTable } from '../../shared/components/admin-table';
import { Pager } from '../../shared/components/pager';

const columns = ['Время', 'Кто', 'Действие', 'Объект', 'Изменение', 'Причина', 'Адрес'];

/** «Журнал»: every admin change, newest first, and whether the hash chain still verifies. */
export function AuditLogSection() {
  const [page, setPage] = useState(1);
  // Pages check the entries added since the last check; the button checks every entry again.
  const [full, setFull] = useState(false);
  const audit = useAuditLog(page, full);
  const data = audit.data;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;

  let content: React.ReactNode;
  if (audit.isPending) content = <LoadingState text="Загрузка журнала..." padding="sm" />;
  else if (audit.isError)
    content = <EmptyState tone="error" title={`Ошибка: ${audit.error.message}`} />;
  else if (!data || data.entries.length === 0)
    content = <EmptyState icon={<ScrollText />} title="Записей пока нет" />;
  else
    content = (
      <>
        <AdminTable caption={`Журнал действий, страница ${page}`} columns={columns}>
          {data.entries.map((entry) => (
            <tr key={entry.id}>
              <td className="whitespace-nowrap">{formatDateTime(entry.createdAt)}</td>
              <td className="whitespace-nowrap text-white">{entry.actorName}</td>
              <td className="whitespace-nowrap">{auditActionLabel(entry.action)}</td>
              <td className="max-w-40 truncate">{auditTarget(entry)}</td>
              <td className="min-w-56 text-xs text-foreground/80">
                {describeChange(entry.before, entry.after, { named: Boolean(entry.targetName) })}
              </td>
              <td className="min-w-32">{entry.reason ?? '—'}</td>
              <td className="font-mono text-xs whitespace-nowrap">{entry.ip ?? '—'}</td>
            </tr>
          ))}
        </AdminTable>
        <Pager
          page={page}
          pages={pages}
          busy={audit.isFetching}
          onPage={setPage}
          size="sm"
          className="mt-3"
        />
      </>
    );

  const chain = data?.chain;
  return (
    <AdminSection
      title="Журнал"
      actions={
        chain && (
          <div className="flex flex-wrap items-center gap-2">
            {chain.verified ? (
              <Badge variant="success">
                <ShieldCheck aria-hidden="true" />
                {/* Wraps on a phone: the full check's wording is wider than a 360 px screen. */}
                <span className="whitespace-normal">
                  Цепочка цела{chain.full ? ' (проверена целиком)' : ''}:{' '}
                  {formatNumber(chain.checked)}{' '}
                  {pluralRu(chain.checked, ['запись', 'записи', 'записей'])}
                </span>
              </Badge>
            ) : (
              <Badge variant="destructive" role="alert">
                <ShieldAlert aria-hidden="true" />
                <span className="whitespace-normal">
                  Запись №{chain.brokenAt} изменена, удалена или подделана
                </span>
              </Badge>
            )}
            {!full && (
              <Button size="sm" variant="secondary" onClick={() => setFull(true)}>
                Проверить всю цепочку
              </Button>
            )}
          </div>
        )
      }
    >
      {content}
    </AdminSection>
  );
}
