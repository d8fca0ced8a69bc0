import { Link } from 'wouter';
import { useSiteSettings } from '@/features/site/api/get-site-settings';
import { useOpenLegal, type LegalDocument } from './legal/legal-dialog-provider';
import { LogoMark, SHOP_NAME } from './logo';

const footerLink =
  'inline-flex min-h-8 cursor-pointer items-center rounded text-left text-sm text-muted-foreground transition-colors hover:text-white';

const documents: ReadonlyArray<{ document: LegalDocument; label: string }> = [
  { document: 'agreement', label: 'Пользовательское соглашение' },
  { document: 'privacy', label: 'Политика конфиденциальности' },
  { document: 'rules', label: 'Правила сервера' },
  { document: 'contacts', label: 'Контакты' },
];

export function SiteFooter() {
  const openLegal = useOpenLegal();
  const { data: site } = useSiteSettings();
  return (
    <footer className="relative z-10 mt-20 border-t border-white/8 bg-black/75 backdrop-blur-md">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <div className="flex items-center gap-2.5">
            <LogoMark className="size-8" />
            <span className="font-display text-lg font-extrabold tracking-wider text-white uppercase">
              {SHOP_NAME}
            </span>
          </div>
          <p className="mt-3 max-w-sm text-sm text-muted-foreground">
            Игровые предметы, наборы и VIP-статусы для наших серверов Rust с мгновенной доставкой на
            выбранный сервер.
          </p>
          {(site?.discordUrl || site?.communityUrl) && (
            <p className="mt-3 flex flex-wrap gap-x-4 text-sm">
              {site.discordUrl && (
                <a
                  href={site.discordUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={footerLink}
                >
                  Discord<span className="sr-only"> (откроется в новой вкладке)</span>
                </a>
              )}
              {site.communityUrl && (
                <a
                  href={site.communityUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={footerLink}
                >
                  Группа сообщества<span className="sr-only"> (откроется в новой вкладке)</span>
                </a>
              )}
            </p>
          )}
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
          <Link to="/shop" className={footerLink}>
            Магазин
          </Link>
          <Link to="/servers" className={footerLink}>
            Серверы
          </Link>
          <Link to="/promocodes" className={footerLink}>
            Промокоды
          </Link>
        </nav>
        <div className="flex flex-col gap-1.5">
          <h2 className="mb-1 text-xs font-bold tracking-widest text-foreground/70 uppercase">
            Информация
          </h2>
          {documents.map(({ document, label }) => (
            <button
              key={document}
              type="button"
              className={footerLink}
              onClick={() => openLegal(document)}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      <div className="border-t border-white/6">
        {/* Room below the last line for the Discord pill and the support chat's button. The year
            of a page prerendered last December is corrected in place, not treated as a mismatch. */}
        <p
          className="mx-auto max-w-7xl px-4 pt-4 pb-24 text-xs text-muted-foreground sm:px-6"
          suppressHydrationWarning
        >
          © {new Date().getFullYear()} {SHOP_NAME}. Сайт не связан с Facepunch Studios и Valve. Rust
          и Steam — товарные знаки их владельцев.
        </p>
      </div>
    </footer>
  );
}
