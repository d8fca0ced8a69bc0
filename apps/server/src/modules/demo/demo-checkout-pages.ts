/**
 * The demo's payment pages of YooKassa and Crypto Pay: self-contained Russian HTML, one form whose
 * buttons post back to the page. Like the FreeKassa stand-in's page, they take no money: pressing
 * «Оплатить» marks the payment paid at the provider's stand-in, which then notifies the shop exactly
 * as the real provider does.
 */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** «1 234,50 ₽» from a provider's decimal string «1234.50». */
export function formatDecimalRoubles(value: string): string {
  const [whole = '0', fraction = '00'] = value.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, '\u00a0');
  return `${grouped}${fraction === '00' ? '' : `,${fraction.padEnd(2, '0')}`} ₽`;
}

export interface Brand {
  /** «ЮKassa», «Crypto Pay». */
  name: string;
  /** The provider's own colour, for the button and the badge. */
  color: string;
}

export const YOOKASSA_BRAND: Brand = { name: 'ЮKassa', color: '#0070f0' };
export const CRYPTOPAY_BRAND: Brand = { name: 'Crypto Pay', color: '#2ea6ff' };

function layout(brand: Brand, title: string, body: string): string {
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} — демо ${escapeHtml(brand.name)}</title>
<style>
  body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0f1114;color:#e7e2dc;font:16px system-ui,sans-serif}
  *{box-sizing:border-box}
  main{width:min(420px,92vw);background:#171a1f;border:1px solid #2a2f36;border-radius:14px;padding:28px}
  h1{font-size:20px;margin:0 0 6px} p{color:#9aa3ad;margin:0 0 20px;font-size:14px}
  dl{margin:0 0 22px;display:grid;grid-template-columns:auto 1fr;gap:10px 16px}
  dt{color:#9aa3ad;font-size:14px} dd{margin:0;text-align:right;word-break:break-word}
  .amount{font-size:28px;font-weight:700;color:#fff}
  fieldset{border:0;margin:0 0 20px;padding:0;display:flex;flex-wrap:wrap;gap:8px}
  legend{color:#9aa3ad;font-size:14px;margin-bottom:8px}
  label.asset{flex:1;min-width:72px;padding:10px;border:1px solid #2a2f36;border-radius:10px;text-align:center;cursor:pointer}
  label.asset:has(input:checked){border-color:${brand.color};background:#1b2633}
  label.asset input{margin:0 6px 0 0}
  .actions{display:flex;gap:10px}
  button{flex:1;padding:12px;border-radius:10px;border:1px solid #2a2f36;background:#1d2127;color:inherit;font:inherit;cursor:pointer}
  button.primary{background:${brand.color};border-color:${brand.color};color:#fff;font-weight:600}
  button:hover,button:focus-visible{border-color:${brand.color};outline:none}
  .badge{display:inline-block;margin:0 0 14px;padding:3px 8px;border-radius:6px;background:#16202b;color:${brand.color};font-size:12px}
</style></head>
<body><main><span class="badge">Демо ${escapeHtml(brand.name)}</span>
${body}</main></body></html>`;
}

export interface CheckoutPage {
  brand: Brand;
  /** Where the buttons post: the page's own path. */
  action: string;
  /** The decimal amount in roubles, as the provider keeps it. */
  amount: string;
  description: string;
  /** «Банковская карта», «СБП»… */
  methodName: string;
  /** Crypto Pay: the assets the invoice accepts, the first one checked. */
  assets?: readonly string[];
}

export function renderCheckoutPage(page: CheckoutPage): string {
  const assets = page.assets?.length
    ? `<fieldset><legend>Чем оплатить</legend>${page.assets
        .map(
          (asset, index) =>
            `<label class="asset"><input type="radio" name="asset" value="${escapeHtml(asset)}"${index === 0 ? ' checked' : ''}>${escapeHtml(asset)}</label>`,
        )
        .join('')}</fieldset>`
    : '';
  return layout(
    page.brand,
    'Оплата',
    `<h1>Оплата заказа</h1>
  <p>Демонстрационный режим: деньги не списываются. Магазин получит уведомление об оплате так же, как от ${escapeHtml(page.brand.name)}.</p>
  <dl>
    <dt>Сумма</dt><dd class="amount">${escapeHtml(formatDecimalRoubles(page.amount))}</dd>
    <dt>Назначение</dt><dd>${escapeHtml(page.description)}</dd>
    <dt>Способ оплаты</dt><dd>${escapeHtml(page.methodName)}</dd>
  </dl>
  <form method="post" action="${escapeHtml(page.action)}">${assets}
    <div class="actions">
      <button type="submit" name="action" value="pay" class="primary">Оплатить</button>
      <button type="submit" name="action" value="cancel">Отменить</button>
    </div>
  </form>`,
  );
}

export function renderMessagePage(brand: Brand, title: string, message: string): string {
  return layout(brand, title, `<h1>${escapeHtml(title)}</h1>\n  <p>${escapeHtml(message)}</p>`);
}

/** The payment stands but the shop did not answer its notification: the button sends it again. */
export function renderNotifyFailedPage(brand: Brand, action: string): string {
  return layout(
    brand,
    'Магазин не подтвердил платёж',
    `<h1>Магазин не подтвердил платёж</h1>
  <p>Оплата прошла, но магазин не ответил на уведомление. Попробуйте отправить его ещё раз.</p>
  <form method="post" action="${escapeHtml(action)}"><div class="actions">
    <button type="submit" name="action" value="pay" class="primary">Повторить уведомление</button>
  </div></form>`,
  );
}
