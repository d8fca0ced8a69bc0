import type { PublicSite } from '@shop/shared';
import { ArrowRight, Gift, Server, Users, Zap } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button-link';
import { formatNumber } from '@/lib/format';

/**
 * The owner's words (`texts.hero`; none before the settings arrive) beside the players online,
 * which is the shop's own panel.
 */
export function Hero({
  hero,
  playersOnline,
  loading,
}: {
  hero: PublicSite['texts']['hero'] | undefined;
  playersOnline: number;
  loading: boolean;
}) {
  return (
    <section
      aria-labelledby="home-title"
      className="grid items-center gap-8 py-6 lg:grid-cols-[1fr_22rem] lg:py-14"
    >
      {/* The heading stays even before the settings arrive: the section is labelled by it. */}
      <div className="min-w-0">
        {hero?.badge && (
          <p className="mb-4 inline-flex items-center gap-2 rounded-full border border-primary/40 bg-black/55 px-3 py-1 text-xs font-bold tracking-widest text-[color-mix(in_srgb,var(--color-primary)_40%,white)] uppercase backdrop-blur">
            <Zap className="size-3.5 shrink-0" aria-hidden="true" />
            {hero.badge}
          </p>
        )}
        <h1
          id="home-title"
          className="font-display text-5xl leading-[0.95] font-extrabold tracking-wide break-words text-white uppercase drop-shadow-[0_4px_24px_rgb(0_0_0/0.9)] sm:text-6xl lg:text-7xl"
        >
          {hero?.title}
          {hero?.titleAccent && (
            <>
              {hero.title && ' '}
              <span className="text-primary">{hero.titleAccent}</span>
            </>
          )}
        </h1>
        {hero?.subtitle && (
          <p className="mt-5 max-w-xl text-lg text-foreground/85 drop-shadow-[0_2px_8px_rgb(0_0_0/0.9)]">
            {hero.subtitle}
          </p>
        )}
        {hero?.bonusNote && (
          <p className="mt-3 flex items-center gap-2 text-sm text-accent">
            <Gift className="size-4 shrink-0" aria-hidden="true" />
            {hero.bonusNote}
          </p>
        )}
        {hero && (
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/shop" size="lg">
              {hero.shopButton}
              <ArrowRight aria-hidden="true" />
            </ButtonLink>
            <ButtonLink to="/servers" size="lg" variant="outline">
              <Server aria-hidden="true" />
              {hero.serversButton}
            </ButtonLink>
          </div>
        )}
      </div>

      <div className="relative overflow-hidden rounded-2xl border border-white/10 bg-black/65 p-6 backdrop-blur-md">
        <div aria-hidden="true" className="hazard-stripe absolute inset-x-0 top-0 h-1.5" />
        <div className="flex items-center gap-3 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
          <span className="relative flex size-2.5">
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-success opacity-70" />
            <span className="relative inline-flex size-2.5 rounded-full bg-success" />
          </span>
          Игроков онлайн
        </div>
        <p
          aria-live="polite"
          aria-busy={loading}
          className="mt-3 font-display text-6xl font-extrabold text-white tabular-nums"
        >
          {formatNumber(playersOnline)}
        </p>
        <p className="mt-2 flex items-center gap-2 text-sm text-muted-foreground">
          <Users className="size-4" aria-hidden="true" />
          на всех наших серверах прямо сейчас
        </p>
      </div>
    </section>
  );
}
