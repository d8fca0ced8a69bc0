import { sql, type SQL } from 'drizzle-orm';
import type { Column, ColumnKind } from './csv-text';
import { receiptsExportFile } from './export-receipts';

/** One CSV file of the export: its columns and the query of one page after a key. */
export interface ExportFile {
  name: string;
  about: string;
  columns: Column[];
  /** Rows (aliased by column name, key as k1, k2) after `after`, in key order. */
  page(after: string[] | null, limit: number): SQL;
}

const col = (name: string, kind: ColumnKind, means: string): Column => ({ name, kind, means });

type Page = ExportFile['page'];

/**
 * The page query of a file whose rows are `rows` (its columns `from` its table, as `alias`, and any
 * joins), in the order of that table's id, which keys the pages.
 */
const pagedById =
  (alias: string, rows: SQL): Page =>
  (after, limit) => {
    const a = sql.raw(alias);
    return sql`select ${a}.id::text as k1, ${rows}
      where ${after ? sql`${a}.id > ${Number(after[0])}` : sql`true`}
      order by ${a}.id limit ${limit}`;
  };

/** The same in the order of creation time (as text, exact to the microsecond), then id. */
const pagedByTime =
  (alias: string, rows: SQL): Page =>
  (after, limit) => {
    const a = sql.raw(alias);
    const next = after
      ? sql`(${a}.created_at, ${a}.id) > (${after[0]}::timestamptz, ${after[1]})`
      : sql`true`;
    return sql`select ${a}.created_at::text as k1, ${a}.id::text as k2, ${rows}
      where ${next} order by ${a}.created_at, ${a}.id limit ${limit}`;
  };

const orderColumns = [
  col('order_id', 'text', 'the order number (as the player and the admin panel see it)'),
  col('created_at', 'time', 'when it was bought (UTC)'),
  col('buyer_steam_id', 'text', 'who paid (SteamID64)'),
];

export const exportFiles: ExportFile[] = [
  {
    name: 'players.csv',
    about: 'one row per player',
    columns: [
      col('steam_id', 'text', 'SteamID64'),
      col('name', 'free-text', 'the Steam name when last seen'),
      col('balance', 'money', 'balance now, roubles'),
      col('vip', 'text', 'VIP tier (Bronze … Diamond), empty for none'),
      col('vip_expires_at', 'time', 'when the VIP ends (UTC)'),
      col('total_spent', 'money', 'spent on purchases, roubles'),
      col('purchases', 'number', 'purchases made'),
      col('topped_up', 'money', 'paid top-ups, roubles (bonuses not counted)'),
      col('is_admin', 'flag', "true for the shop's admins"),
      col('joined_at', 'time', 'first sign-in (or the account made for a gift or a transfer), UTC'),
      col('last_seen_at', 'time', 'last visit, UTC'),
    ],
    page: pagedById(
      'u',
      sql`u.steam_id, u.username as name, u.balance_kopecks as balance, u.vip_status as vip,
        u.vip_expires_at, u.total_spent_kopecks as total_spent, u.purchases_count as purchases,
        (select coalesce(sum(t.amount_kopecks), 0) from transactions t
          where t.user_id = u.id and t.kind = 'topup' and t.status = 'completed') as topped_up,
        u.is_admin, u.joined_at, u.last_seen_at from users u`,
    ),
  },
  {
    name: 'ledger.csv',
    about: 'every change of every balance; a balance is the sum of its completed rows',
    columns: [
      col('id', 'number', "the entry's number"),
      col('created_at', 'time', 'when, UTC'),
      col('steam_id', 'text', 'whose balance'),
      col('kind', 'text', 'topup, bonus, promo, purchase, refund, adjustment or transfer'),
      col('amount', 'money', 'roubles: credits positive, debits negative'),
      col('description', 'free-text', 'what the player sees in their history'),
      col('method', 'free-text', 'how (the payment method, «Администратор», «Перенос» …)'),
      col('status', 'text', 'completed (counted) or pending'),
      col('payment_id', 'text', 'the top-up it belongs to, if any'),
      col('order_id', 'text', 'the order it belongs to, if any'),
    ],
    page: pagedById(
      't',
      sql`t.id, t.created_at, u.steam_id, t.kind, t.amount_kopecks as amount, t.description,
        t.method, t.status, t.payment_id, t.order_id
        from transactions t join users u on u.id = t.user_id`,
    ),
  },
  {
    name: 'orders.csv',
    about: 'one row per order',
    columns: [
      ...orderColumns,
      col('server_id', 'number', 'the game server it was bought for'),
      col('server', 'free-text', "that server's name (empty if it was deleted)"),
      col('total', 'money', 'paid, roubles'),
      col('status', 'text', 'pending (being delivered), completed or cancelled'),
      col('delivered', 'flag', 'true once everything in it was delivered'),
      col('delivered_at', 'time', 'when, UTC'),
      col('gift_to_steam_id', 'text', "a gift's recipient, empty for the buyer's own"),
    ],
    page: pagedByTime(
      'o',
      sql`o.id as order_id, o.created_at, u.steam_id as buyer_steam_id, o.server_id,
        s.name as server, o.total_kopecks as total, o.status, o.is_delivered as delivered,
        o.delivered_at, r.steam_id as gift_to_steam_id
        from orders o join users u on u.id = o.user_id left join servers s on s.id = o.server_id
        left join users r on r.id = o.recipient_id`,
    ),
  },
  {
    name: 'order_items.csv',
    about: 'the products in each order',
    columns: [
      col('order_id', 'text', 'the order (orders.csv)'),
      col('product_id', 'number', 'the product (products.csv)'),
      col('name', 'free-text', "the product's name at the time"),
      col('quantity', 'number', 'items bought'),
      col('stacks', 'number', "stacks (quantity ÷ the product's stack size)"),
      col('price', 'money', 'price of one stack, roubles'),
      col('total', 'money', 'price × stacks, roubles'),
    ],
    page: pagedById(
      'i',
      sql`i.order_id, i.product_id, i.name, i.quantity, i.stacks, i.price_kopecks as price,
        i.total_kopecks as total from order_items i`,
    ),
  },
  {
    name: 'payments.csv',
    about: 'top-ups through the payment providers',
    columns: [
      col('payment_id', 'text', 'the order id the provider knows'),
      col('created_at', 'time', 'when the player started it, UTC'),
      col('paid_at', 'time', 'when it was paid, UTC'),
      col('steam_id', 'text', 'who paid'),
      col('amount', 'money', 'paid, roubles'),
      col('bonus', 'money', "the shop's bonus (the base percent or the tier's), roubles"),
      col('promo_bonus', 'money', "a percentage promo code's bonus, roubles"),
      col('first_bonus', 'money', "the first top-up's bonus, roubles"),
      col('provider', 'text', 'freekassa, yookassa or cryptopay'),
      col('method', 'text', "the provider's method: card, sbp, bank_card, sberbank, crypto…"),
      col('status', 'text', 'pending, paid, cancelled or failed'),
      col('provider_id', 'text', "the provider's own payment number"),
      col('email', 'free-text', 'the address the receipt went to'),
    ],
    page: pagedByTime(
      'p',
      sql`p.id as payment_id, p.created_at, p.paid_at, u.steam_id, p.amount_kopecks as amount,
        p.bonus_kopecks as bonus, p.promo_bonus_kopecks as promo_bonus,
        p.first_bonus_kopecks as first_bonus, p.provider, p.method, p.status,
        p.provider_id, p.email from payments p join users u on u.id = p.user_id`,
    ),
  },
  {
    name: 'products.csv',
    about: 'every product, hidden ones included',
    columns: [
      col('id', 'number', "the product's number"),
      col('name', 'free-text', 'name'),
      col(
        'category',
        'text',
        'weapons, tools, resources, clothing, building, ammunition, medical, food, kits, vip or miscellaneous',
      ),
      col('price', 'money', 'price of one stack, roubles'),
      col('shortname', 'text', "the game item's shortname"),
      col('amount', 'number', 'items per stack'),
      col(
        'commands',
        'free-text',
        'console commands run instead of giving the item, comma-separated',
      ),
      col(
        'kit_items',
        'free-text',
        "a kit's items as «shortname ×amount», separated by «; » (a kit has no shortname of its own); empty: not a kit",
      ),
      col('server_id', 'number', 'the only server it is sold for; empty: every server'),
      col('vip_tier', 'text', 'the VIP tier it grants'),
      col('vip_days', 'number', 'days of VIP per stack'),
      col('wipe_block_hours', 'number', "hours after a server's wipe it is not sold; 0: none"),
      col('until_wipe', 'flag', "true when what it grants lasts until the server's next wipe"),
      col('active', 'flag', 'false when hidden'),
      col('created_at', 'time', 'when it was added, UTC'),
    ],
    page: pagedById(
      'p',
      sql`p.id, p.name, p.category, p.price_kopecks as price, p.game_item_name as shortname,
        p.stack_size as amount, p.commands,
        (select string_agg((line->>'gameItemName') || ' ×' || (line->>'amount'), '; ' order by n)
          from jsonb_array_elements(p.kit_items) with ordinality as k(line, n)) as kit_items,
        p.server_id, p.vip_tier, p.vip_days,
        p.wipe_block_hours, p.until_wipe, p.is_active as active, p.created_at from products p`,
    ),
  },
  {
    name: 'promocodes.csv',
    about: 'promo codes',
    columns: [
      col('code', 'text', 'the code'),
      col('type', 'text', "fixed (roubles at once) or percentage (of the next top-up's bonus)"),
      col('discount', 'number', 'roubles or percent'),
      col('usage_limit', 'number', 'activations allowed'),
      col('used', 'number', 'activations so far'),
      col('expires_at', 'time', 'when it stops working, UTC'),
      col('active', 'flag', 'false when switched off'),
      col('created_at', 'time', 'when it was made, UTC'),
    ],
    page: pagedById(
      'c',
      sql`c.code, c.type, c.discount, c.usage_limit, c.usage_count as used, c.expires_at,
        c.is_active as active, c.created_at from promocodes c`,
    ),
  },
  {
    name: 'promo_activations.csv',
    about: 'who used which promo code',
    columns: [
      col('code', 'text', 'the code'),
      col('steam_id', 'text', 'who activated it'),
      col('created_at', 'time', 'when, UTC'),
      col('payment_id', 'text', 'the top-up a percentage code went to (empty while it waits)'),
    ],
    page: pagedById(
      'a',
      sql`c.code, u.steam_id, a.created_at, a.payment_id
        from promo_activations a join promocodes c on c.id = a.promocode_id
        join users u on u.id = a.user_id`,
    ),
  },
  {
    name: 'gifts.csv',
    about: 'orders bought for another player',
    columns: [
      ...orderColumns,
      col('recipient_steam_id', 'text', 'who receives it'),
      col('message', 'free-text', "the buyer's note"),
      col('total', 'money', 'paid, roubles'),
      col('status', 'text', 'as in orders.csv'),
    ],
    page: pagedByTime(
      'o',
      sql`o.id as order_id, o.created_at, u.steam_id as buyer_steam_id,
        r.steam_id as recipient_steam_id, o.gift_message as message, o.total_kopecks as total,
        o.status from orders o join users u on u.id = o.user_id
        join users r on r.id = o.recipient_id`,
    ),
  },
  receiptsExportFile,
];
