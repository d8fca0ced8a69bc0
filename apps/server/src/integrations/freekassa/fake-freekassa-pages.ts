/** Pages of the FreeKassa stand-in: self-contained Russian HTML in the demo sign-in page's style. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const roubleFormat = new Intl.NumberFormat('ru-RU', {
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

function formatKopecks(kopecks: number): string {
  // Display only: the whole-rouble part and the kopecks are joined as a decimal string first.
  const text = `${Math.floor(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`;
  return `${roubleFormat.format(Number(text))} ₽`;
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0f1114;color:#e7e2dc;font:16px system-ui,sans-serif}
  *{box-sizing:border-box}
  main{width:min(420px,92vw);background:#171a1f;border:1px solid #2a2f36;border-radius:14px;padding:28px}
  h1{font-size:20px;margin:0 0 6px} p{color:#9aa3ad;margin:0 0 20px;font-size:14px}
  dl{margin:0 0 22px;display:grid;grid-template-columns:auto 1fr;gap:10px 16px}
  dt{color:#9aa3ad;font-size:14px} dd{margin:0;text-align:right;word-break:break-all}
  .amount{font-size:28px;font-weight:700;color:#fff}
  .actions{display:flex;gap:10px}
  button,a.button{flex:1;padding:12px;border-radius:10px;border:1px solid #2a2f36;background:#1d2127;color:inherit;
    font:inherit;text-align:center;text-decoration:none;cursor:pointer}
  button.primary{background:#ce422b;border-color:#ce422b;color:#fff;font-weight:600}
  button:hover,button:focus-visible,a.button:hover{border-color:#ce422b;outline:none}
  button.primary:hover,button.primary:focus-visible{background:#b7381f}
  .badge{display:inline-block;margin:0 0 14px;padding:3px 8px;border-radius:6px;background:#2a1a16;color:#ce422b;font-size:12px}
</style></head>
<body><main>${body}</main></body></html>`;
}

export interface PayPageInput {
  action: string;
  amountKopecks: number;
  orderId: string;
  methodName: string;
  /** Hidden fields that identify the payment again when a button is pressed. */
  hidden: Record<string, string>;
}

export function renderPayPage(input: PayPageInput): string {
  const hidden = Object.entries(input.hidden)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('');
  return layout(
    'Оплата заказа — демо FreeKassa',
    `<span class="badge">Демо-касса</span>
  <h1>Оплата заказа</h1>
  <p>Демонстрационный режим: деньги не списываются. Магазин получит уведомление об оплате так же, как от FreeKassa.</p>
  <dl>
    <dt>Сумма</dt><dd class="amount">${escapeHtml(formatKopecks(input.amountKopecks))}</dd>
    <dt>Номер заказа</dt><dd>${escapeHtml(input.orderId)}</dd>
    <dt>Способ оплаты</dt><dd>${escapeHtml(input.methodName)}</dd>
  </dl>
  <form method="post" action="${escapeHtml(input.action)}">${hidden}
    <div class="actions">
      <button type="submit" name="action" value="pay" class="primary">Оплатить</button>
      <button type="submit" name="action" value="cancel">Отменить</button>
    </div>
  </form>`,
  );
}

export function renderErrorPage(title: string, message: string): string {
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>
  <p>${escapeHtml(message)}</p>`,
  );
}

/** Shown when the shop did not answer YES: the payment stands, and the button sends the notification again. */
export function renderNotifyFailedPage(action: string, hidden: Record<string, string>): string {
  const fields = Object.entries(hidden)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('');
  return layout(
    'Магазин не подтвердил платёж',
    `<h1>Магазин не подтвердил платёж</h1>
  <p>Оплата прошла, но магазин не ответил на уведомление. Попробуйте отправить его ещё раз.</p>
  <form method="post" action="${escapeHtml(action)}">${fields}
    <div class="actions"><button type="submit" name="action" value="pay" class="primary">Повторить уведомление</button></div>
  </form>`,
  );
}
