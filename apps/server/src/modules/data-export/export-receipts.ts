import { sql } from 'drizzle-orm';
import type { ExportFile } from './export-files';

/** receipts.csv: the fiscal receipts registered through YooKassa (docs/decisions/0035). */
export const receiptsExportFile: ExportFile = {
  name: 'receipts.csv',
  about: 'fiscal receipts through YooKassa (54-ФЗ or self-employed), one row per receipt',
  columns: [
    { name: 'id', kind: 'number', means: "the receipt's number in the shop" },
    { name: 'created_at', kind: 'time', means: 'when the shop recorded it, UTC' },
    {
      name: 'kind',
      kind: 'text',
      means:
        'advance (a top-up), settlement (an order), refund (an order refunded) or advance_refund (a top-up reversed)',
    },
    {
      name: 'state',
      kind: 'text',
      means: 'queued, registering, succeeded, failed, by_yookassa (YooKassa forms it) or skipped',
    },
    { name: 'steam_id', kind: 'text', means: 'whose money' },
    {
      name: 'payment_id',
      kind: 'text',
      means: 'the top-up whose YooKassa payment it is tied to (payments.csv)',
    },
    { name: 'order_id', kind: 'text', means: 'the order it covers, if any (orders.csv)' },
    {
      name: 'amount',
      kind: 'money',
      means: 'paid money it covers, roubles (bonus money is in no receipt)',
    },
    { name: 'email', kind: 'free-text', means: 'where YooKassa sent it' },
    { name: 'provider_receipt_id', kind: 'text', means: "YooKassa's receipt id" },
    { name: 'last_error', kind: 'free-text', means: 'why it failed last, or why none was needed' },
  ],
  page: (after, limit) =>
    sql`select r.id::text as k1, r.id, r.created_at, r.kind, r.state, u.steam_id, r.payment_id,
          r.order_id, r.amount_kopecks as amount, r.email, r.provider_receipt_id, r.last_error
        from receipts r join users u on u.id = r.user_id
        where ${after ? sql`r.id > ${Number(after[0])}` : sql`true`}
        order by r.id limit ${limit}`,
};
