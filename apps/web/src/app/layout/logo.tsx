import { Link } from 'wouter';
import { useSite } from '@/features/site/api/get-site-settings';
import { cn } from '@/lib/cn';

/**
 * The shipped hexagon, drawn while the owner has uploaded no logo, in the owner's primary colour.
 * The caller gives it its size.
 */
function ShippedMark({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={className}>
      <path
        d="M32 5 56 18.5v27L32 59 8 45.5v-27z"
        fill="#1a1411"
        className="stroke-primary"
        strokeWidth="4.5"
        strokeLinejoin="round"
      />
      <path
        d="M32 19v26M21 25.5l22 13M43 25.5l-22 13"
        stroke="#f1ebe4"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <circle cx="32" cy="32" r="4.5" className="fill-primary" />
    </svg>
  );
}

/**
 * The owner's logo (a square picture, decorative: the shop's name is written beside it or names
 * the link), or the shipped mark. The caller gives it its size; `turns`: classes the hexagon alone
 * takes, such as its turn on hover.
 */
export function LogoMark({ className, turns }: { className: string; turns?: string }) {
  const logo = useSite()?.images.logo;
  if (logo)
    return (
      <img src={logo} alt="" width={64} height={64} className={cn('object-contain', className)} />
    );
  // Only the hexagon turns on hover: an owner's picture may be a word or a face.
  return <ShippedMark className={cn(className, turns)} />;
}

/** `compact`: below 400 px only the mark is drawn, so a six-digit balance keeps its room. */
export function Logo({ className, compact = false }: { className?: string; compact?: boolean }) {
  const site = useSite();
  return (
    <Link
      to="/"
      aria-label={site ? `${site.name} — на главную` : 'На главную'}
      className={cn('group flex min-w-0 items-center gap-2.5 rounded-md', className)}
    >
      <LogoMark
        className="size-9 shrink-0"
        turns="transition-transform duration-300 group-hover:rotate-[30deg]"
      />
      {site && (
        <span
          className={cn(
            'truncate font-display text-xl leading-none font-extrabold tracking-wider text-white uppercase',
            compact && 'hidden min-[400px]:inline',
          )}
        >
          {site.name}
        </span>
      )}
    </Link>
  );
}
