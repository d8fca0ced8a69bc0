import type { KitItem } from '@shop/shared';
import { kitItemCount, kitLineAmount } from '../kit-contents';

/** Lines a card lists before «и ещё …»: the card keeps its height beside its neighbours. */
const CARD_LINES = 3;

/** What one kit holds, on its catalogue card: the first lines, and how many more there are. */
export function KitCardContents({ items }: { items: readonly KitItem[] }) {
  const shown = items.slice(0, CARD_LINES);
  const rest = items.length - shown.length;
  return (
    <div className="mt-0.5 rounded-md border border-white/8 bg-black/30 px-2.5 py-2">
      <p
        aria-hidden="true"
        className="mb-1 text-[10px] font-bold tracking-widest text-muted-foreground uppercase"
      >
        В наборе
      </p>
      {/* Whole names, wrapped where a narrow card needs it: a name cut to «Фрагменты м…» says little. */}
      <ul aria-label="В наборе" className="grid grid-cols-1 gap-1 text-xs leading-snug">
        {shown.map((line) => (
          <li key={line.gameItemName} className="wrap-break-word text-white/85">
            {line.name}{' '}
            <span className="font-semibold whitespace-nowrap text-accent tabular-nums">
              {kitLineAmount(line)}
            </span>
          </li>
        ))}
      </ul>
      {rest > 0 && (
        <p className="mt-0.5 text-[11px] text-muted-foreground">и ещё {kitItemCount(rest)}</p>
      )}
    </div>
  );
}

/**
 * What the chosen number of kits gives, in the purchase dialog: every line, with the item's icon
 * when the shop has one, each amount times the kits.
 */
export function KitDialogContents({ items, kits }: { items: readonly KitItem[]; kits: number }) {
  return (
    <section aria-labelledby="purchase-kit-title" className="grid gap-2">
      <h3 id="purchase-kit-title" className="text-sm font-medium text-white">
        В наборе{kits > 1 && <span className="text-muted-foreground"> · за {kits} шт.</span>}
      </h3>
      <ul className="grid grid-cols-1 gap-1.5">
        {items.map((line) => (
          <li
            key={line.gameItemName}
            className="flex min-h-11 items-center gap-2.5 rounded-md border border-white/8 bg-white/4 px-2.5 py-1.5"
          >
            {line.image ? (
              <img
                src={line.image}
                alt=""
                width={32}
                height={32}
                loading="lazy"
                className="size-8 shrink-0 object-contain"
              />
            ) : (
              <span aria-hidden="true" className="size-1.5 shrink-0 rounded-full bg-accent/70" />
            )}
            <span className="min-w-0 flex-1 truncate text-sm text-white/90">{line.name}</span>
            <span className="shrink-0 text-sm font-bold text-accent tabular-nums">
              {kitLineAmount(line, kits)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
