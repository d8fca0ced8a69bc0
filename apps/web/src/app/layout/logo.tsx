import { Link } from 'wouter';
import { cn } from '@/lib/cn';

export const SHOP_NAME = 'Rust Shop';

/** The caller gives the mark its size. */
export function LogoMark({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={className}>
      <path
        d="M32 5 56 18.5v27L32 59 8 45.5v-27z"
        fill="#1a1411"
        stroke="#ce422b"
        strokeWidth="4.5"
        strokeLinejoin="round"
      />
      <path
        d="M32 19v26M21 25.5l22 13M43 25.5l-22 13"
        stroke="#f1ebe4"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <circle cx="32" cy="32" r="4.5" fill="#ce422b" />
    </svg>
  );
}

/** `compact`: below 400 px only the mark is drawn, so a six-digit balance keeps its room. */
export function Logo({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <Link
      to="/"
      aria-label="RustShop — на главную"
      className={cn('group flex items-center gap-2.5 rounded-md', className)}
    >
      <LogoMark className="size-9 transition-transform duration-300 group-hover:rotate-[30deg]" />
      <span
        className={cn(
          'font-display text-xl leading-none font-extrabold tracking-wider text-white uppercase',
          compact && 'hidden min-[400px]:inline',
        )}
      >
        Rust<span className="text-primary">Shop</span>
      </span>
    </Link>
  );
}
