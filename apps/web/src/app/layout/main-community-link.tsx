import type { CSSProperties, ReactNode } from 'react';
import { useSite } from '@/features/site/api/get-site-settings';
import { linkColours, mainLink, type SiteLink } from '@/features/site/site-links';
import { cn } from '@/lib/cn';
import { STEPPED_ASIDE, useScrollingDown } from '@/lib/use-scrolling-down';
import { externalLinkProps, LinkKindIcon, NewTabNote } from './community-links';

/** The link's network colours as CSS variables the classes below read. */
function colourStyle(link: SiteLink): CSSProperties {
  const { background, hover, text } = linkColours(link.kind);
  return {
    '--link-bg': background,
    '--link-hover': hover,
    '--link-text': text,
  } as CSSProperties;
}

const colours =
  'border border-white/15 bg-(--link-bg) text-(--link-text) hover:bg-(--link-hover) focus-visible:outline-(--link-bg)';

/** The main link as both buttons draw it: its address, colours, icon and the new-tab note. */
function MainLinkAnchor({
  link,
  className,
  children,
}: {
  link: SiteLink;
  className: string;
  children: ReactNode;
}) {
  return (
    <a
      href={link.url}
      {...externalLinkProps}
      title={link.label}
      style={colourStyle(link)}
      className={cn(colours, className)}
    >
      {children}
      <NewTabNote />
    </a>
  );
}

/**
 * SPEC §1: the community link the owner marked main, on every page, with its own label. From a
 * tablet's width up it floats bottom-left (the support chat takes bottom-right) in the margin the
 * pages keep free for it (page-gutter.ts): a round button there, its label unfolding on hover and
 * focus, and always shown where the screen is wide enough to leave room for it. It steps aside
 * while the page is scrolled down. No main link, no button.
 */
export function MainCommunityLink() {
  const link = mainLink(useSite());
  const scrollingDown = useScrollingDown();
  if (!link) return null;
  return (
    <MainLinkAnchor
      link={link}
      className={cn(
        'group fixed bottom-4 left-4 z-30 hidden h-12 min-w-12 items-center rounded-full px-3.5 text-sm font-bold shadow-[0_10px_30px_-8px_rgb(0_0_0/0.8)] transition-[translate,opacity] hover:-translate-y-0.5 motion-reduce:transition-none sm:inline-flex',
        scrollingDown && STEPPED_ASIDE,
      )}
    >
      <LinkKindIcon kind={link.kind} className="size-5 shrink-0" />
      <span className="inline-block max-w-0 truncate opacity-0 transition-[max-width,opacity,margin] group-hover:ml-2 group-hover:max-w-60 group-hover:opacity-100 group-focus-visible:ml-2 group-focus-visible:max-w-60 group-focus-visible:opacity-100 motion-reduce:transition-none min-[100rem]:ml-2 min-[100rem]:max-w-[calc((100vw_-_77rem)_/_2_-_5rem)] min-[100rem]:opacity-100">
        {link.label}
      </span>
    </MainLinkAnchor>
  );
}

/**
 * The same link on a phone, where a page has no margin a floating button could sit in without
 * covering a card, a price or a button: a compact button in the header's row, which stays at the
 * top of the screen. Hidden from a tablet's width up, where the floating one shows.
 */
export function MainCommunityCompactLink({ className }: { className?: string }) {
  const link = mainLink(useSite());
  if (!link) return null;
  return (
    <MainLinkAnchor
      link={link}
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center rounded-md sm:hidden',
        className,
      )}
    >
      <LinkKindIcon kind={link.kind} className="size-5" />
      <span className="sr-only">{link.label}</span>
    </MainLinkAnchor>
  );
}
