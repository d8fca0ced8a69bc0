import type { LinkKind } from '@shop/shared';
import { Globe, MessagesSquare, Send, SquarePlay, Users, type LucideIcon } from 'lucide-react';
import { createElement } from 'react';
import type { SiteLink } from '@/features/site/site-links';
import { cn } from '@/lib/cn';

/** A picture per kind of link: lucide has no brand marks, so each network gets a plain likeness. */
const kindIcons: Record<LinkKind, LucideIcon> = {
  discord: MessagesSquare,
  telegram: Send,
  vk: Users,
  youtube: SquarePlay,
  site: Globe,
};

export function LinkKindIcon({ kind, className }: { kind: LinkKind; className?: string }) {
  return createElement(kindIcons[kind] ?? Globe, { className, 'aria-hidden': true });
}

/** Read after the link's name by a screen reader: the link leaves the shop's tab. */
export function NewTabNote() {
  return <span className="sr-only"> (откроется в новой вкладке)</span>;
}

export const externalLinkProps = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** The owner's community links in the header's navigation row (from a tablet's width up). */
export function HeaderCommunityLinks({
  links,
  linkClass,
}: {
  links: readonly SiteLink[];
  linkClass: string;
}) {
  // Beside the navigation and a signed-in player's balance there is room to name one link in
  // words, from 1280 px; otherwise each is its icon, named by its label on hover and when read out.
  const label = links.length === 1 ? 'sr-only xl:not-sr-only' : 'sr-only';
  return links.map((link) => (
    <a
      key={link.url}
      href={link.url}
      {...externalLinkProps}
      title={link.label}
      className={linkClass}
    >
      <LinkKindIcon kind={link.kind} className="size-4 shrink-0 opacity-80" />
      <span className={label}>
        <span className="inline-block max-w-48 truncate align-bottom">{link.label}</span>
      </span>
      <NewTabNote />
    </a>
  ));
}

/** The same links in the footer, each named in full. */
export function FooterCommunityLinks({
  links,
  linkClass,
}: {
  links: readonly SiteLink[];
  linkClass: string;
}) {
  if (links.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {links.map((link) => (
        <li key={link.url}>
          <a href={link.url} {...externalLinkProps} className={cn(linkClass, 'gap-1.5')}>
            <LinkKindIcon kind={link.kind} className="size-4 shrink-0" />
            {link.label}
            <NewTabNote />
          </a>
        </li>
      ))}
    </ul>
  );
}
