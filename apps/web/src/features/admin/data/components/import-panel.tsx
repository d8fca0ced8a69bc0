import { IMPORT_FILE_MAX_BYTES, type ImportError } from '@shop/shared';
import { FileUp, LoaderCircle } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { importFileOf, readFileText, rowLabel, type ImportFile } from '../import-file';

interface ImportResult {
  errors: ImportError[];
}

/**
 * A file import with its preview, as both imports work: the file is sent as a dry run first, the
 * preview shows what it would do (or its errors by line), and only then may the admin apply it.
 */
export function ImportPanel<T extends ImportResult>({
  label,
  accept,
  applyText,
  busy,
  run,
  summary,
  canApply,
  done,
  maxBytes = IMPORT_FILE_MAX_BYTES,
}: {
  label: string;
  accept: string;
  applyText: string;
  busy: boolean;
  run: (file: ImportFile, dryRun: boolean) => Promise<T>;
  summary: (result: T) => ReactNode;
  canApply: (result: T) => boolean;
  done: (result: T) => string;
  /** The largest file the server takes for this import. */
  maxBytes?: number;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<ImportFile | null>(null);
  const [result, setResult] = useState<T | null>(null);

  const attempt = async (picked: ImportFile, dryRun: boolean) => {
    try {
      const answer = await run(picked, dryRun);
      if (!dryRun && answer.errors.length === 0) {
        toast.success('Успешно', { description: done(answer) });
        setFile(null);
        setResult(null);
      } else setResult(answer);
    } catch (error) {
      toast.error('Ошибка', { description: errorText(error, 'Не удалось проверить файл') });
    }
  };

  const onFile = async (chosen: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!chosen) return;
    if (chosen.size > maxBytes) {
      const megabytes = Math.floor(maxBytes / (1024 * 1024));
      toast.error('Ошибка', { description: `Файл больше ${megabytes} МБ: разделите его на части` });
      return;
    }
    const picked = importFileOf(chosen.name, chosen.type, await readFileText(chosen));
    setFile(picked);
    setResult(null);
    await attempt(picked, true);
  };

  return (
    <div className="grid gap-3">
      <input
        ref={input}
        type="file"
        accept={accept}
        aria-label={label}
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => void onFile(event.target.files?.[0])}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()}>
          <FileUp aria-hidden="true" />
          Выбрать файл
        </Button>
        {file && <span className="truncate text-sm text-foreground/85">{file.name}</span>}
        {busy && <LoaderCircle aria-label="Проверка" className="size-4 animate-spin" />}
      </div>
      {file && result && (
        <div aria-live="polite" className="grid gap-3 rounded-lg border border-white/10 p-3">
          {summary(result)}
          {result.errors.length > 0 && (
            <ul
              role="alert"
              aria-label="Ошибки в файле"
              className="grid gap-1 text-sm text-[#ff9b91]"
            >
              {result.errors.map((error) => (
                <li key={`${error.line}-${error.message}`}>
                  {rowLabel(file, error.line)}: {error.message}
                </li>
              ))}
            </ul>
          )}
          <div>
            <Button
              size="sm"
              disabled={busy || result.errors.length > 0 || !canApply(result)}
              onClick={() => void attempt(file, false)}
            >
              {applyText}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
