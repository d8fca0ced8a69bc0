import type { SiteVipTier } from '@shop/shared';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FieldError } from '@/components/ui/label';
import { addItem, MAX_VIP_TIERS, removeItem, replaceItem, vipKeyProblem } from '../list-editor';
import { TextField } from './text-field';

/**
 * VIP tiers from the lowest to the highest: renamed in place; a new one is added after the highest
 * and only the last one may go, so the order that ranks them never shifts under existing products.
 */
export function VipTiersEditor({
  tiers,
  onChange,
}: {
  tiers: SiteVipTier[];
  onChange: (tiers: SiteVipTier[]) => void;
}) {
  const id = useId();
  const [key, setKey] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = () => {
    const trimmed = key.trim();
    const found = vipKeyProblem(trimmed, tiers);
    setProblem(found);
    if (found) return;
    onChange(addItem(tiers, { key: trimmed, label: trimmed }, MAX_VIP_TIERS));
    setKey('');
  };
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-semibold text-white">
        Уровни VIP, от младшего к старшему
      </legend>
      <ol className="grid gap-2" aria-label="Уровни VIP">
        {tiers.map((tier, index) => (
          <li key={tier.key} className="flex items-center gap-3">
            <code className="w-24 shrink-0 truncate text-xs text-muted-foreground">{tier.key}</code>
            <Input
              aria-label={`Название уровня ${tier.key}`}
              maxLength={40}
              value={tier.label}
              onChange={(event) =>
                onChange(replaceItem(tiers, index, { ...tier, label: event.target.value }))
              }
            />
            {index === tiers.length - 1 && tiers.length > 1 ? (
              <Button
                variant="ghost-destructive"
                size="icon-sm"
                aria-label={`Удалить уровень ${tier.key}`}
                onClick={() => onChange(removeItem(tiers, index))}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            ) : (
              <span className="size-8 shrink-0" aria-hidden="true" />
            )}
          </li>
        ))}
      </ol>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,16rem)_auto] sm:items-end">
        <TextField
          label="Ключ нового уровня"
          placeholder="Legend"
          maxLength={32}
          value={key}
          onChange={setKey}
        />
        <Button
          variant="outline"
          className="w-fit"
          onClick={add}
          disabled={tiers.length >= MAX_VIP_TIERS}
        >
          <Plus aria-hidden="true" />
          Добавить уровень
        </Button>
      </div>
      <FieldError id={`${id}-problem`}>{problem ?? undefined}</FieldError>
    </fieldset>
  );
}
