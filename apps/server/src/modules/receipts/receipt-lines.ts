import type { Kopecks } from '@shop/shared';
import type { ReceiptLine } from '../../db/schema/index';
import { kopecksToDecimal } from '../../integrations/payments/decimal-amount';
import type {
  YkPaymentReceipt,
  YkReceiptItem,
  YkReceiptRequest,
} from '../../integrations/yookassa/yookassa-types';
import type { ReceiptSettings } from '../../config-receipts';

/** YooKassa cuts a line's description at 128 characters. */
const DESCRIPTION_LIMIT = 128;
export const ADVANCE_LINE = 'Пополнение баланса';

/**
 * Splits `amount` over lines in proportion to their `weights` (each line gets at most its weight),
 * rounding down; the kopecks left go one by one to the first lines with room. Exact in BigInt.
 */
export function allocate(weights: readonly Kopecks[], amount: Kopecks): Kopecks[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (amount <= 0 || total <= 0) return weights.map(() => 0);
  const capped = Math.min(amount, total);
  const shares = weights.map((weight) => Number((BigInt(weight) * BigInt(capped)) / BigInt(total)));
  let left = capped - shares.reduce((sum, share) => sum + share, 0);
  for (let index = 0; left > 0; index = (index + 1) % shares.length) {
    if (shares[index]! < weights[index]!) {
      shares[index]! += 1;
      left -= 1;
    }
  }
  return shares;
}

/** An order's line as the receipt names it: the product and how many were bought. */
export function orderLineText(name: string, quantity: number): string {
  const text = quantity > 1 ? `${name} × ${quantity}` : name;
  return text.slice(0, DESCRIPTION_LIMIT);
}

/**
 * The lines of a settlement or an order's refund: `amount` of paid money over the order's lines
 * in proportion to their price. Lines that get nothing are left out (YooKassa refuses zero).
 */
export function linesFor(
  orderLines: ReadonlyArray<{ description: string; weightKopecks: Kopecks }>,
  amount: Kopecks,
): ReceiptLine[] {
  const shares = allocate(
    orderLines.map((line) => line.weightKopecks),
    amount,
  );
  return orderLines.flatMap((line, index) =>
    shares[index]! > 0
      ? [{ description: line.description, quantity: 1, amountKopecks: shares[index]! }]
      : [],
  );
}

const rub = (kopecks: Kopecks) => ({ value: kopecksToDecimal(kopecks), currency: 'RUB' });

/**
 * One line in YooKassa's form. The amount is the line's price per unit, so every line is one
 * unit of what it names (its quantity is in its description): a share of paid money need not
 * divide by the quantity bought.
 */
function item(
  line: ReceiptLine,
  settings: ReceiptSettings,
  mode: 'full_prepayment' | 'full_payment',
): YkReceiptItem {
  if (settings.mode !== '54fz') {
    // «Мой налог» takes the name, quantity and amount; a self-employed owner pays no VAT (code 1).
    return {
      description: line.description,
      quantity: '1.00',
      amount: rub(line.amountKopecks),
      vat_code: 1,
    };
  }
  return {
    description: line.description,
    quantity: '1.00',
    amount: rub(line.amountKopecks),
    vat_code: settings.vatCode,
    payment_mode: mode,
    // An advance is a payment for goods not yet chosen; the goods are the shop's services.
    payment_subject: mode === 'full_prepayment' ? 'payment' : 'service',
  };
}

/** The receipt a YooKassa top-up carries: the money paid only; the bonus is not money received. */
export function advanceReceipt(
  settings: ReceiptSettings,
  amountKopecks: Kopecks,
  email: string,
): YkPaymentReceipt | null {
  if (settings.mode === 'none') return null;
  const line = { description: ADVANCE_LINE, quantity: 1, amountKopecks };
  return {
    customer: { email },
    items: [item(line, settings, 'full_prepayment')],
    ...(settings.mode === '54fz' ? { tax_system_code: settings.taxSystem } : {}),
  };
}

export interface ReceiptToSend {
  kind: 'settlement' | 'refund' | 'advance_refund';
  providerPaymentId: string;
  email: string;
  lines: ReceiptLine[];
}

/**
 * `POST /receipts` for a row: a settlement (`payment`, offset against the advance), an order's
 * refund (`refund`, offset likewise), or a reversed top-up's refund (`refund` of the advance).
 */
export function receiptRequest(
  settings: ReceiptSettings,
  receipt: ReceiptToSend,
): YkReceiptRequest {
  if (settings.mode !== '54fz') throw new Error('separate receipts are sent in the 54fz mode only');
  const advance = receipt.kind === 'advance_refund';
  const amount = receipt.lines.reduce((sum, line) => sum + line.amountKopecks, 0);
  return {
    type: receipt.kind === 'settlement' ? 'payment' : 'refund',
    payment_id: receipt.providerPaymentId,
    customer: { email: receipt.email },
    items: receipt.lines.map((line) =>
      item(line, settings, advance ? 'full_prepayment' : 'full_payment'),
    ),
    send: true,
    tax_system_code: settings.taxSystem,
    settlements: [{ type: advance ? 'cashless' : 'prepayment', amount: rub(amount) }],
  };
}
