import { AtSign, ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSite } from '@/features/site/api/get-site-settings';
import { listedLinks } from '@/features/site/site-links';
import { externalLinkProps, LinkKindIcon, NewTabNote } from '../community-links';

function ContactRow({
  icon,
  title,
  href,
  value,
  external = true,
}: {
  icon: ReactNode;
  title: string;
  href: string;
  value: string;
  external?: boolean;
}) {
  return (
    <li className="flex items-center gap-4 rounded-lg border border-white/8 bg-black/30 p-4">
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-md bg-primary/15 text-primary [&_svg]:size-5"
      >
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {title}
        </p>
        <a
          href={href}
          {...(external ? externalLinkProps : {})}
          className="inline-flex max-w-full items-center gap-1.5 font-medium text-foreground hover:text-accent"
        >
          <span className="truncate">{value}</span>
          {external && <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />}
          {external && <NewTabNote />}
        </a>
      </div>
    </li>
  );
}

/** 'vk.com/group' for 'https://vk.com/group': the address a player would type. */
export function shortAddress(url: string): string {
  try {
    const { host, pathname } = new URL(url);
    return `${host}${pathname === '/' ? '' : pathname}`;
  } catch {
    return url;
  }
}

/**
 * Above the contacts text: the owner's community links, each named by its label, and the support
 * address (SUPPORT_EMAIL; no line at all rather than an address nobody reads).
 */
export function ContactList() {
  const site = useSite();
  const links = listedLinks(site);
  const email = site?.supportEmail ?? null;
  if (links.length === 0 && !email) return null;
  return (
    <ul className="mb-5 flex flex-col gap-3">
      {links.map((link) => (
        <ContactRow
          key={link.url}
          icon={<LinkKindIcon kind={link.kind} />}
          title={link.label}
          href={link.url}
          value={shortAddress(link.url)}
        />
      ))}
      {email && (
        <ContactRow
          icon={<AtSign />}
          title="Email"
          href={`mailto:${email}`}
          value={email}
          external={false}
        />
      )}
    </ul>
  );
}
