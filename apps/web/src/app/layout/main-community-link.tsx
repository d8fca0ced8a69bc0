import { MessagesSquare } from 'lucide-react';
import { useSiteSettings } from '@/features/site/api/get-site-settings';
import { cn } from '@/lib/cn';
import { STEPPED_ASIDE, useScrollingDown } from '@/lib/use-scrolling-down';

const LABEL = 'Наш Discord (откроется в новой вкладке)';

/**
 * SPEC §1: «Наш Discord» on every page. From a tablet's width up it floats bottom-left (the support
 * chat takes bottom-right), stepping aside while the page is scrolled down; the footer keeps room
 * below its last line.
 */
export function DiscordLink() {
  const { data } = useSiteSettings();
  const scrollingDown = useScrollingDown();
  if (!data?.discordUrl) return null;
  return (
    <a
      href={data.discordUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={LABEL}
      className={cn(
        'group fixed bottom-4 left-4 z-30 hidden h-12 items-center justify-center gap-2 rounded-full border border-[#5865f2]/50 bg-[#5865f2] pr-4 pl-3 text-sm font-bold text-white shadow-[0_10px_30px_-8px_rgb(88_101_242/0.8)] transition-[translate,opacity] hover:-translate-y-0.5 hover:bg-[#6b76f5] motion-reduce:transition-none sm:inline-flex',
        scrollingDown && STEPPED_ASIDE,
      )}
    >
      <MessagesSquare className="size-5" aria-hidden="true" />
      Наш Discord
    </a>
  );
}

/**
 * The same link on a phone, where a page has no margin a floating button could sit in without
 * covering a card, a price or a button: a compact button in the header's row, which stays at the
 * top of the screen. Hidden from a tablet's width up, where the floating one shows.
 */
export function DiscordCompactLink({ className }: { className?: string }) {
  const { data } = useSiteSettings();
  if (!data?.discordUrl) return null;
  return (
    <a
      href={data.discordUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={LABEL}
      title="Наш Discord"
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center rounded-md border border-[#5865f2]/50 bg-[#5865f2] text-white hover:bg-[#6b76f5] sm:hidden',
        className,
      )}
    >
      <MessagesSquare className="size-5" aria-hidden="true" />
    </a>
  );
}
