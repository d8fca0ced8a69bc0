import { formatRoubles, MAX_TOP_UP_TIERS, type SiteContent, type TopUpTier } from '@shop/shared';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { addItem, removeItem, replaceItem } from '../list-editor';
import { NumberField } from './text-field';

type TopUp = SiteContent['topUp'];

/** A new tier above the highest one: twice its threshold, five points more, within the bounds. */
export function nextTier(tiers: readonly TopUpTier[], base: number): TopUpTier {
  const highest = tiers.reduce<TopUpTier | null>(
    (best, tier) => (best === null || tier.from > best.from ? tier : best),
    null,
  );
  if (!highest) return { from: 1000, percent: Math.min(100, (base || 0) + 5) };
  return {
    from: Math.min(1_000_000, (highest.from || 500) * 2),
    percent: Math.min(100, (highest.percent || 0) + 5),
  };
}

/** «Пополнение баланса»: limits, the base bonus, the tiers by amount and the first top-up's bonus. */
export function TopUpTermsEditor({
  topUp,
  onChange,
}: {
  topUp: TopUp;
  onChange: (change: Partial<TopUp>) => void;
}) {
  const { tiers } = topUp;
  const setTiers = (next: TopUpTier[]) => onChange({ tiers: next });
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-2 text-sm font-semibold text-white">Пополнение баланса</legend>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <NumberField
          label="Бонус к пополнению, %"
          min={0}
          max={100}
          value={topUp.bonusPercent}
          onChange={(bonusPercent) => onChange({ bonusPercent })}
        />
        <NumberField
          label="За первое пополнение, +%"
          min={0}
          max={100}
          value={topUp.firstTopUpPercent}
          onChange={(firstTopUpPercent) => onChange({ firstTopUpPercent })}
        />
        <NumberField
          label="Минимальная сумма, ₽"
          min={1}
          max={1_000_000}
          value={topUp.min}
          onChange={(min) => onChange({ min })}
        />
        <NumberField
          label="Максимальная сумма, ₽"
          min={1}
          max={1_000_000}
          value={topUp.max}
          onChange={(max) => onChange({ max })}
        />
      </div>
      <div className="grid gap-2">
        <p className="text-sm font-medium text-foreground/90">Бонус по сумме пополнения</p>
        <p className="text-sm text-muted-foreground">
          Ступень с самым большим порогом, не выше суммы, заменяет базовый бонус. Бонус за первое
          пополнение и промокод прибавляются к нему. Каждая часть округляется вниз до рубля.
        </p>
        {tiers.length > 0 && (
          <ul className="grid gap-2" aria-label="Ступени бонуса">
            {tiers.map((tier, index) => {
              const name = Number.isFinite(tier.from)
                ? `от ${formatRoubles(tier.from)}`
                : `ступень ${index + 1}`;
              const set = (change: Partial<TopUpTier>) =>
                setTiers(replaceItem(tiers, index, { ...tier, ...change }));
              return (
                <li key={index} className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="text-muted-foreground">от</span>
                  {/* The input fills its box: the box sets the width (cn does not merge classes). */}
                  <span className="w-24 sm:w-28">
                    <Input
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={1_000_000}
                      aria-label={`Порог ступени ${index + 1}, ₽`}
                      value={Number.isFinite(tier.from) ? String(tier.from) : ''}
                      onChange={(event) => set({ from: numberOf(event.target.value) })}
                    />
                  </span>
                  <span className="text-muted-foreground">₽ —</span>
                  <span className="w-16 sm:w-20">
                    <Input
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={100}
                      aria-label={`Процент ступени ${index + 1}`}
                      value={Number.isFinite(tier.percent) ? String(tier.percent) : ''}
                      onChange={(event) => set({ percent: numberOf(event.target.value) })}
                    />
                  </span>
                  <span className="text-muted-foreground">%</span>
                  <Button
                    variant="ghost-destructive"
                    size="icon-sm"
                    aria-label={`Удалить ступень ${name}`}
                    onClick={() => setTiers(removeItem(tiers, index))}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        <Button
          variant="outline"
          className="w-fit"
          disabled={tiers.length >= MAX_TOP_UP_TIERS}
          onClick={() =>
            setTiers(addItem(tiers, nextTier(tiers, topUp.bonusPercent), MAX_TOP_UP_TIERS))
          }
        >
          <Plus aria-hidden="true" />
          Добавить ступень
        </Button>
      </div>
    </fieldset>
  );
}

/** An emptied field is NaN, which publishing refuses by name. */
const numberOf = (text: string) => (text === '' ? Number.NaN : Number(text));
