import { MessagesSquare } from 'lucide-react';
import { useLocation } from 'wouter';
import { useSiteSettings } from '@/features/site/api/get-site-settings';
import { cn } from '@/lib/cn';
import { STEPPED_ASIDE, useScrollingDown } from '@/lib/use-scrolling-down';

/** Pages where a floating link would sit on the buttons that finish a payment. */
const HIDDEN_ON = ['/cart', '/payment-success', '/payment-callback', '/payment-cancel', '/admin'];

/**
 * SPEC §1: bottom-left (the support chat takes bottom-right), from a tablet's width up. A phone has
 * no margin beside the page for it, so there it would always sit on a card, a price or the balance:
 * the footer and the contacts carry the Discord link instead. It steps aside while the page is
 * scrolled down, and the footer keeps room below its last line.
 */
export function DiscordLink() {
  const { data } = useSiteSettings();
  const [pathname] = useLocation();
  const scrollingDown = useScrollingDown();
  if (!data?.discordUrl || HIDDEN_ON.includes(pathname)) return null;
  return (
    <a
      href={data.discordUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Наш Discord (откроется в новой вкладке)"
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
