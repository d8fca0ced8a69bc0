import { MessagesSquare } from 'lucide-react';
import { useSiteSettings } from '@/features/site/api/get-site-settings';

/** SPEC §1: on every page, bottom-left (the support chat takes bottom-right). Hidden until the link is known. */
export function DiscordLink() {
  const { data } = useSiteSettings();
  if (!data?.discordUrl) return null;
  return (
    <a
      href={data.discordUrl}
      target="_blank"
      rel="noopener noreferrer"
      className="group fixed bottom-4 left-4 z-30 inline-flex h-12 items-center gap-2 rounded-full border border-[#5865f2]/50 bg-[#5865f2] pr-4 pl-3 text-sm font-bold text-white shadow-[0_10px_30px_-8px_rgb(88_101_242/0.8)] transition-transform hover:-translate-y-0.5 hover:bg-[#6b76f5]"
    >
      <MessagesSquare className="size-5" aria-hidden="true" />
      Наш Discord
      <span className="sr-only">(откроется в новой вкладке)</span>
    </a>
  );
}
