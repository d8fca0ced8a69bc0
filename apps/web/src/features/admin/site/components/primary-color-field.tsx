import { HEX_COLOR } from '@shop/shared';
import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { colorVerdict, normalizeHex } from '../primary-color';

/**
 * The primary colour as a picker and as #RRGGBB text, with the verdict of the server's own check
 * while it is picked: a colour too dark for the page is refused before anything is sent.
 */
export function PrimaryColorField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const verdict = colorVerdict(value);
  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-hex`}>Основной цвет</Label>
      <div className="flex items-center gap-3">
        <input
          type="color"
          aria-label="Основной цвет: выбрать"
          // The picker takes a whole #rrggbb only; half-typed text leaves it at the last whole one.
          value={HEX_COLOR.test(value) ? value.toLowerCase() : '#000000'}
          onChange={(event) => onChange(event.target.value)}
          className="h-10 w-14 shrink-0 cursor-pointer rounded-md border border-input bg-black/40 p-1"
        />
        <Input
          id={`${id}-hex`}
          className="max-w-36 font-mono"
          maxLength={8}
          spellCheck={false}
          value={value}
          aria-invalid={!verdict.ok || undefined}
          aria-describedby={`${id}-verdict`}
          onChange={(event) => onChange(normalizeHex(event.target.value))}
        />
        {verdict.ok && (
          <span
            aria-hidden="true"
            className="rounded-md px-3 py-2 text-sm font-semibold"
            style={{ backgroundColor: value, color: verdict.text }}
          >
            Кнопка
          </span>
        )}
      </div>
      <p
        id={`${id}-verdict`}
        aria-live="polite"
        className={
          verdict.ok ? 'text-xs text-muted-foreground' : 'text-xs font-medium text-[#ff7a6b]'
        }
      >
        {verdict.ok
          ? `Контраст с фоном страницы ${verdict.ratio}:1 — подходит. Текст на кнопках: ${verdict.textName}.`
          : verdict.problem}
      </p>
    </div>
  );
}
