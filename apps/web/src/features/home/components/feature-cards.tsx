import type { PublicSite } from '@shop/shared';
import { SiteIcon } from '@/components/site-icon';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/** Columns for the owner's 0–6 cards: rows stay full where the count allows. */
const gridColumns: Record<number, string> = {
  1: 'max-w-2xl',
  2: 'md:grid-cols-2',
  3: 'md:grid-cols-3',
  4: 'md:grid-cols-2 xl:grid-cols-4',
};

/** The owner's feature cards (`texts.features`); none, no section. */
export function FeatureCards({ features }: { features: PublicSite['texts']['features'] }) {
  if (features.length === 0) return null;
  return (
    <section
      aria-label="Наши преимущества"
      className={cn(
        'mt-14 grid gap-4',
        gridColumns[features.length] ?? 'md:grid-cols-2 lg:grid-cols-3',
      )}
    >
      {features.map(({ icon, title, text }, index) => (
        <Card key={index} className="relative overflow-hidden p-6">
          <SiteIcon icon={icon} className="size-9 text-primary" />
          <h2 className="mt-4 font-display text-xl font-bold tracking-wide break-words text-white uppercase">
            {title}
          </h2>
          <p className="mt-2 text-sm text-muted-foreground">{text}</p>
          <SiteIcon icon={icon} className="absolute -right-6 -bottom-6 size-32 text-white/[0.03]" />
        </Card>
      ))}
    </section>
  );
}
