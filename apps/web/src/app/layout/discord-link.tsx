import { MessagesSquare } from 'lucide-react';
import { useLocation } from 'wouter';
import { useSiteSettings } from '@/features/site/api/get-site-settings';

/** Pages where a floating link would sit on the buttons that finish a payment. */
const HIDDEN_ON = ['/cart', '/payment-success', '/payment-callback', '/payment-cancel', '/admin'];

/**
 * SPEC §1: bottom-left (the support chat takes bottom-right). On a phone it is a round button the
 * size of the chat's, so the two never meet; the footer keeps room below its last line for both.
 */
export function DiscordLink() {
  const { data } = useSiteSettings();
  const [pathname] = useLocation();
  if (!data?.discordUrl || HIDDEN_ON.includes(pathname)) return null;
  return (
    <a
      href={data.discordUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Наш Discord (откроется в новой вкладке)"
      className="group fixed bottom-4 left-4 z-30 inline-flex size-12 items-center justify-center gap-2 rounded-full border border-[#5865f2]/50 bg-[#5865f2] text-sm font-bold text-white shadow-[0_10px_30px_-8px_rgb(88_101_242/0.8)] transition-transform hover:-translate-y-0.5 hover:bg-[#6b76f5] sm:w-auto sm:pr-4 sm:pl-3"
    >
      <MessagesSquare className="size-5" aria-hidden="true" />
      <span className="hidden sm:inline">Наш Discord</span>
    </a>
  );
}
