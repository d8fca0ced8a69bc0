import {
  BALANCE_FILE_MAX_BYTES,
  type BalanceImportResult,
  type ProductImportResult,
} from '@shop/shared';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/api-client';
import { formatNumber, formatRoubles } from '@/lib/format';
import { toast } from '@/lib/toast';
import { downloadExport } from '../api/download-export';
import { useImportBalances, useImportProducts } from '../api/import-data';
import { AdminSection } from '../../shared/components/admin-section';
import { BackupStatusCard } from '../../shared/components/backup-status-card';
import { Can } from '../../shared/components/can';
import { BalanceImportProgress } from './balance-import-progress';
import { ImportPanel } from './import-panel';

/** A file's column names, as typed in its header: one unbreakable word, so it may wrap anywhere. */
function Columns({ children }: { children: string }) {
  return <code className="font-mono text-foreground/85 [overflow-wrap:anywhere]">{children}</code>;
}

function BalancePreview({ result }: { result: BalanceImportResult }) {
  return (
    <p className="text-sm text-foreground/90">
      Строк: {formatNumber(result.rows)}. Будет зачислено: {formatNumber(result.credited)} на{' '}
      {formatRoubles(result.total)}; игроков найдено {formatNumber(result.playersFound)}, новых{' '}
      {formatNumber(result.playersCreated)}.
      {result.alreadyImported > 0 &&
        ` Уже перенесено раньше (тот же Steam ID, сумма и примечание): ${formatNumber(result.alreadyImported)}, второй раз не зачисляется.`}
    </p>
  );
}

function ProductPreview({ result }: { result: ProductImportResult }) {
  return (
    <div className="grid gap-2 text-sm text-foreground/90">
      <p>
        Товаров в файле: {formatNumber(result.rows)}; новых {formatNumber(result.created)}, уже есть{' '}
        {formatNumber(result.existing)}.
      </p>
      {result.products.length > 0 && (
        <ul aria-label="Товары из файла" className="grid max-h-64 gap-1 overflow-y-auto text-xs">
          {result.products.map((product) => (
            <li key={product.line} className={product.status === 'existing' ? 'opacity-60' : ''}>
              {product.name} — {formatRoubles(product.price)}, {product.server}
              {product.status === 'existing' ? ' (уже есть)' : ''}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** «Данные»: backups, the full export, and balances and products brought from another shop. */
export function DataTab() {
  const balances = useImportBalances();
  const products = useImportProducts();
  const [exporting, setExporting] = useState(false);

  const exportAll = async () => {
    setExporting(true);
    try {
      await downloadExport();
    } catch (error) {
      toast.error('Ошибка', { description: errorText(error, 'Не удалось выгрузить данные') });
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <Can permission="settings">
        <BackupStatusCard />
      </Can>
      <Can permission="export">
      <AdminSection
        title="Выгрузка"
        actions={
          <Button size="sm" variant="outline" disabled={exporting} onClick={() => void exportAll()}>
            <Download aria-hidden="true" />
            Скачать ZIP
          </Button>
        }
      >
        <p className="text-sm text-muted-foreground">
          Все данные магазина в CSV (UTF-8): игроки, история баланса, заказы с товарами, платежи,
          товары, промокоды и их активации, подарки. В ней e-mail плательщиков, поэтому каждая
          выгрузка записывается в журнал.
        </p>
      </AdminSection>
      </Can>
      <Can permission="money">
      <AdminSection title="Перенос балансов">
        <p className="mb-3 text-sm text-muted-foreground">
          CSV из другого магазина: <Columns>steamId,amount[,note]</Columns> — сумма в рублях с
          копейками, до 200 000 строк. Сначала покажем, что будет. Строка с теми же Steam ID, суммой
          и примечанием второй раз не зачисляется — в любом файле, порядке, с заголовком или без,
          через «,» или «;». Второй перевод той же суммы тому же игроку — с другим примечанием.
        </p>
        <ImportPanel<BalanceImportResult>
          label="Файл балансов (CSV)"
          accept=".csv,text/csv"
          applyText="Перенести балансы"
          busy={balances.isPending}
          run={(file, dryRun) => balances.mutateAsync({ file, dryRun })}
          summary={(result) => <BalancePreview result={result} />}
          canApply={(result) => result.credited > 0}
          done={(result) =>
            `Зачислено ${formatNumber(result.credited)} игрокам на ${formatRoubles(result.total)}`
          }
          maxBytes={BALANCE_FILE_MAX_BYTES}
        />
        <BalanceImportProgress
          active={balances.isPending && balances.variables?.dryRun === false}
        />
      </AdminSection>
      </Can>
      <Can permission="products">
      <AdminSection title="Импорт товаров">
        <p className="mb-3 text-sm text-muted-foreground">
          CSV с заголовком <Columns>name,category,price,shortname,amount,commands,server</Columns>{' '}
          или JSON-массив с теми же полями. Товары, которые уже есть, не добавляются второй раз.
        </p>
        <ImportPanel<ProductImportResult>
          label="Файл товаров (CSV или JSON)"
          accept=".csv,.json,text/csv,application/json"
          applyText="Добавить товары"
          busy={products.isPending}
          run={(file, dryRun) => products.mutateAsync({ file, dryRun })}
          summary={(result) => <ProductPreview result={result} />}
          canApply={(result) => result.created > 0}
          done={(result) => `Добавлено товаров: ${formatNumber(result.created)}`}
        />
      </AdminSection>
      </Can>
    </div>
  );
}
