import { Link } from 'react-router';
import { AgreementDialog } from './legal/agreement-dialog';
import { ContactsDialog } from './legal/contacts-dialog';
import { PrivacyDialog } from './legal/privacy-dialog';
import { RulesDialog } from './legal/rules-dialog';
import { LogoMark, SHOP_NAME } from './logo';

const footerButton =
  'cursor-pointer rounded text-left text-sm text-muted-foreground transition-colors hover:text-white';

export function SiteFooter() {
  return (
    <footer className="relative z-10 mt-20 border-t border-white/8 bg-black/75 backdrop-blur-md">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 pb-24 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 md:pb-10">
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
        </div>
        <nav aria-label="Разделы сайта" className="flex flex-col gap-2.5">
          <h2 className="mb-1 text-xs font-bold tracking-widest text-foreground/60 uppercase">
            Разделы
          </h2>
          <Link to="/shop" className={footerButton}>
            Магазин
          </Link>
          <Link to="/servers" className={footerButton}>
            Серверы
          </Link>
          <Link to="/promocodes" className={footerButton}>
            Промокоды
          </Link>
        </nav>
        <div className="flex flex-col gap-2.5">
          <h2 className="mb-1 text-xs font-bold tracking-widest text-foreground/60 uppercase">
            Информация
          </h2>
          <AgreementDialog
            trigger={
              <button type="button" className={footerButton}>
                Пользовательское соглашение
              </button>
            }
          />
          <PrivacyDialog
            trigger={
              <button type="button" className={footerButton}>
                Политика конфиденциальности
              </button>
            }
          />
          <RulesDialog
            trigger={
              <button type="button" className={footerButton}>
                Правила сервера
              </button>
            }
          />
          <ContactsDialog
            trigger={
              <button type="button" className={footerButton}>
                Контакты
              </button>
            }
          />
        </div>
      </div>
      <div className="border-t border-white/6">
        <p className="mx-auto max-w-7xl px-4 py-4 pb-20 text-xs text-muted-foreground/80 sm:px-6 md:pb-4">
          © {new Date().getFullYear()} {SHOP_NAME}. Сайт не связан с Facepunch Studios и Valve. Rust
          и Steam — товарные знаки их владельцев.
        </p>
      </div>
    </footer>
  );
}
