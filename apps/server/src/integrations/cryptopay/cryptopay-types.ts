/**
 * The Invoice and Update objects of the Crypto Pay API, as far as the shop reads them
 * (https://help.send.tg/en/articles/10279948-crypto-pay-api, «Invoice», «Update»).
 */
export interface CpInvoice {
  invoice_id: number;
  hash: string;
  currency_type: 'crypto' | 'fiat';
  asset?: string;
  fiat?: string;
  /** Decimal text: in `fiat` for a fiat invoice. */
  amount: string;
  accepted_assets?: string[];
  status: 'active' | 'paid' | 'expired';
  /** Where the payer pays: `bot_invoice_url` (pay_url in older replies), mini app, web app. */
  bot_invoice_url?: string;
  pay_url?: string;
  mini_app_invoice_url?: string;
  web_app_invoice_url?: string;
  description?: string;
  created_at: string;
  paid_at?: string;
  paid_asset?: string;
  paid_amount?: string;
  /** Ours, up to 4 KB: the shop puts its payment id here. */
  payload?: string;
  expiration_date?: string;
}

export interface CpUpdate {
  update_id: number;
  update_type: 'invoice_paid';
  request_date: string;
  payload: CpInvoice;
}

/** `{"ok": true, "result": …}` or `{"ok": false, "error": {"code": 400, "name": "…"}}`. */
export interface CpReply<T> {
  ok: boolean;
  result?: T;
  error?: { code: number; name: string };
}
