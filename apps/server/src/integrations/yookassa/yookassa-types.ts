/**
 * The parts of YooKassa's API v3 objects the shop reads and writes, as the API reference describes
 * them: https://yookassa.ru/developers/api (payment, refund, receipt objects). Amounts are decimal
 * strings in roubles ("100.00"); the client converts them to kopecks at the edge.
 */
export interface YkAmount {
  value: string;
  currency: string;
}

/** `payment_method_data.type` of the methods the shop offers. */
export const YOOKASSA_METHOD_TYPES = [
  'bank_card',
  'sbp',
  'sberbank',
  'tinkoff_bank',
  'yoo_money',
] as const;
export type YookassaMethodType = (typeof YOOKASSA_METHOD_TYPES)[number];

export type YkPaymentStatus = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';

export interface YkPayment {
  id: string;
  status: YkPaymentStatus;
  paid: boolean;
  amount: YkAmount;
  income_amount?: YkAmount;
  description?: string;
  confirmation?: { type: string; confirmation_url?: string; return_url?: string };
  created_at: string;
  captured_at?: string;
  metadata?: Record<string, string>;
  payment_method?: { type: string; id: string; saved: boolean; title?: string };
  refundable: boolean;
  refunded_amount?: YkAmount;
  test: boolean;
  cancellation_details?: { party: string; reason: string };
  /** Whether YooKassa registered the receipt sent with the payment (54-ФЗ). */
  receipt_registration?: 'pending' | 'succeeded' | 'canceled';
}

export interface YkRefund {
  id: string;
  payment_id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  amount: YkAmount;
  created_at: string;
  description?: string;
  receipt_registration?: 'pending' | 'succeeded' | 'canceled';
}

/** A list reply: `GET /refunds`, `GET /receipts`, `GET /payments`. */
export interface YkList<T> {
  type: 'list';
  items: T[];
  next_cursor?: string;
}

/**
 * A receipt line (54-ФЗ): https://yookassa.ru/developers/api#create_receipt — `vat_code` is
 * YooKassa's numeric VAT code, `payment_mode` e.g. `full_prepayment` (an advance) or
 * `full_payment`, `payment_subject` e.g. `payment` or `commodity`.
 */
export interface YkReceiptItem {
  description: string;
  quantity: string | number;
  amount: YkAmount;
  vat_code: number;
  payment_mode?: string;
  payment_subject?: string;
  measure?: string;
}

export interface YkCustomer {
  email?: string;
  phone?: string;
  full_name?: string;
  inn?: string;
}

/** The `receipt` object sent with a payment: YooKassa registers it when the payment succeeds. */
export interface YkPaymentReceipt {
  customer: YkCustomer;
  items: YkReceiptItem[];
  tax_system_code?: number;
}

/** `POST /receipts`: a receipt on its own (the settlement of an advance, a refund receipt). */
export interface YkReceiptRequest {
  type: 'payment' | 'refund';
  payment_id?: string;
  refund_id?: string;
  customer: YkCustomer;
  items: YkReceiptItem[];
  /** Sent to the customer by the fiscal operator (the only mode the API accepts). */
  send: true;
  tax_system_code?: number;
  /** `prepayment`: offset against an advance; `cashless`: paid now. */
  settlements: Array<{
    type: 'cashless' | 'prepayment' | 'postpayment' | 'consideration';
    amount: YkAmount;
  }>;
}

export interface YkReceipt {
  id: string;
  type: 'payment' | 'refund';
  payment_id?: string;
  refund_id?: string;
  status: 'pending' | 'succeeded' | 'canceled';
  items: YkReceiptItem[];
  settlements?: YkReceiptRequest['settlements'];
  fiscal_document_number?: string;
  registered_at?: string;
}

/** A notification: https://yookassa.ru/developers/using-api/webhooks (object as of the event). */
export interface YkNotification {
  type: 'notification';
  event: string;
  object: Record<string, unknown>;
}

/** An error reply: https://yookassa.ru/developers/using-api/response-handling/response-format */
export interface YkErrorReply {
  type: 'error';
  id?: string;
  code: string;
  description?: string;
  parameter?: string;
}
