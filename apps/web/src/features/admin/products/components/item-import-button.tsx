import { FileUp, LoaderCircle } from 'lucide-react';
import { useRef } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/api-client';
import { useImportItems } from '../api/import-items';

function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('Не удалось прочитать файл'));
    reader.readAsText(file, 'utf-8');
  });
}

/** Uploads the game's item table (JSON or CSV) that feeds the item picker. */
export function ItemImportButton() {
  const input = useRef<HTMLInputElement>(null);
  const importItems = useImportItems();

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const format = /\.csv$/i.test(file.name) || file.type === 'text/csv' ? 'csv' : 'json';
    try {
      const content = await readText(file);
      const result = await importItems.mutateAsync({ format, content });
      toast.success('Таблица предметов загружена', {
        description: `Импортировано предметов: ${result.imported}. Всего в таблице: ${result.total}.`,
      });
    } catch (error) {
      toast.error('Ошибка импорта', {
        description: errorText(error, 'Не удалось загрузить таблицу предметов'),
      });
    } finally {
      // The same file may be chosen again after fixing it.
      if (input.current) input.current.value = '';
    }
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".json,.csv,application/json,text/csv"
        aria-label="Файл таблицы предметов (JSON или CSV)"
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => void onFile(event.target.files?.[0])}
      />
      <Button
        variant="outline"
        size="sm"
        disabled={importItems.isPending}
        aria-busy={importItems.isPending}
        onClick={() => input.current?.click()}
      >
        {importItems.isPending ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <FileUp aria-hidden="true" />
        )}
        Импорт таблицы предметов
      </Button>
    </>
  );
}
