import { Link } from 'wouter';
import { useSite } from '@/features/site/api/get-site-settings';
import { listedLinks } from '@/features/site/site-links';
import { cn } from '@/lib/cn';
import { FooterCommunityLinks } from './community-links';
import { useOpenLegal, type LegalDocument } from './legal/legal-dialog-provider';
import { LogoMark } from './logo';
import { PAGE_GUTTER } from './page-gutter';

const footerLink =
  'inline-flex min-h-8 cursor-pointer items-center rounded text-left text-sm text-muted-foreground transition-colors hover:text-white';

/** The footer's order: the documents a buyer accepts first, then the rules and the contacts. */
const documents: readonly LegalDocument[] = ['agreement', 'privacy', 'rules', 'contacts'];

export function SiteFooter() {
  const openLegal = useOpenLegal();
  const site = useSite();
  const nav = site?.texts.nav;
  return (
    <footer className="relative z-10 mt-20 border-t border-white/8 bg-black/75 backdrop-blur-md">
      <div
        className={cn(
          'mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4',
          PAGE_GUTTER,
        )}
      >
        <div className="lg:col-span-2">
          <div className="flex items-center gap-2.5">
            <LogoMark className="size-8 shrink-0" />
            {site && (
              <span className="min-w-0 font-display text-lg font-extrabold tracking-wider break-words text-white uppercase">
                {site.name}
              </span>
            )}
          </div>
          {site?.texts.footer.blurb && (
            <p className="mt-3 max-w-sm text-sm text-muted-foreground">{site.texts.footer.blurb}</p>
          )}
          <FooterCommunityLinks links={listedLinks(site)} linkClass={footerLink} />
          {site?.supportEmail && (
            <p className="mt-3 text-sm text-muted-foreground">
              Почта поддержки:{' '}
              <a
                href={`mailto:${site.supportEmail}`}
                className="font-medium break-all text-foreground underline-offset-4 hover:text-accent hover:underline"
              >
                {site.supportEmail}
              </a>
            </p>
          )}
        </div>
        <nav aria-label="Разделы сайта" className="flex flex-col gap-1.5">
          <h2 className="mb-1 text-xs font-bold tracking-widest text-foreground/70 uppercase">
            Разделы
          </h2>
          {nav && (
            <>
              <Link to="/shop" className={footerLink}>
                {nav.shop}
              </Link>
              <Link to="/servers" className={footerLink}>
                {nav.servers}
              </Link>
            </>
          )}
          <Link to="/promocodes" className={footerLink}>
            Промокоды
          </Link>
        </nav>
        <div className="flex flex-col gap-1.5">
          <h2 className="mb-1 text-xs font-bold tracking-widest text-foreground/70 uppercase">
            Информация
          </h2>
          {site &&
            documents.map((document) => (
              <button
                key={document}
                type="button"
                className={footerLink}
                onClick={() => openLegal(document)}
              >
                {site.legalTitles[document]}
              </button>
            ))}
        </div>
      </div>
      <div className="border-t border-white/6">
        {/* Room below the last line for the main community link's pill and the support chat's
            button. The year of a page prerendered last December is corrected in place, not treated
            as a mismatch. */}
        <p
          className={cn(
            'mx-auto max-w-7xl px-4 pt-4 pb-24 text-xs text-muted-foreground',
            PAGE_GUTTER,
          )}
          suppressHydrationWarning
        >
          © {new Date().getFullYear()}
          {site && ` ${site.name}`}. Сайт не связан с Facepunch Studios и Valve. Rust и Steam —
          товарные знаки их владельцев.
        </p>
      </div>
    </footer>
  );
}
