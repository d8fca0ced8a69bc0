import type { Kopecks } from '@shop/shared';

/**
 * The one shape every payment provider (FreeKassa, YooKassa, Crypto Pay) has for the shop's money
 * code (docs/decisions/0034-payment-providers.md). A notification is never trusted as sent: the
 * payments service verifies it (`verifyNotification`), then asks the provider for the payment's
 * true state (`readPayment`) and credits only what that says is paid, once per payment. Money is
 * integer kopecks in roubles everywhere; providers convert at their edge.
 */
export const PROVIDER_IDS = ['freekassa', 'yookassa', 'cryptopay'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/**
 * What a provider charges the shop for a method, as its public tariff states it (informational:
 * the owner's contract decides). Zero where the provider publishes no figure (FreeKassa: its
 * merchant account states the fee per method).
 */
export interface MethodFee {
  /** Percent of the amount in hundredths of a percent: 350 = 3.5 %. */
  basisPoints: number;
  /** A fixed part per payment, in kopecks (0 for most). */
  fixedKopecks: Kopecks;
}

/** One way to pay that a provider offers; `id` is `paymentSystemId` of POST /api/payments/create. */
export interface PaymentMethod {
  provider: ProviderId;
  /** Unique within the provider, `[a-z0-9_]{1,32}`: `card`, `sbp`, `bank_card`, `crypto`… */
  id: string;
  /** The player-facing name, in Russian. */
  title: string;
  /** The provider's own limits for one payment, in kopecks (the shop's limits apply on top). */
  minKopecks: Kopecks;
  maxKopecks: Kopecks;
  fee: MethodFee;
}

export interface CreatePaymentInput {
  /** Our payment id (uuid): the order id at the provider and the idempotence key of its creation. */
  paymentId: string;
  amountKopecks: Kopecks;
  /** One of the provider's `methods()` ids. */
  methodId: string;
  email: string;
  /** The player's address (FreeKassa's SBP order requires it). */
  buyerIp: string;
  /** Shown to the player on the provider's page (YooKassa: at most 128 characters). */
  description: string;
  /** Where the provider sends the browser back (the shop's /payment-callback page). */
  returnUrl: string;
}

export interface CreatedPayment {
  /** Where the browser goes to pay. */
  redirectUrl: string;
  /** The provider's own id, when creation returns one (YooKassa, Crypto Pay). */
  providerPaymentId: string | null;
}

/** An incoming notification exactly as it arrived. */
export interface IncomingNotification {
  /** The raw body bytes as text: Crypto Pay signs them, so they must not be re-serialised. */
  rawBody: string;
  /** The parsed body (form fields or JSON). */
  body: unknown;
  /** Lower-case header names. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The sender's address as read through TRUSTED_PROXY (Fastify's request.ip). */
  sourceIp: string;
}

export type NotificationRefusal =
  'forbidden_address' | 'bad_signature' | 'wrong_merchant' | 'malformed' | 'unsupported_event';

/**
 * What a verified notification points at. Nothing here is to be credited as is: it names the
 * payment to re-read. `paymentId` is ours when the notification carries it (FreeKassa, YooKassa's
 * metadata, Crypto Pay's payload) — the re-read confirms it.
 */
export type NotificationCheck =
  | {
      ok: true;
      event: 'paid' | 'cancelled' | 'refunded';
      paymentId: string | null;
      providerPaymentId: string;
      /** The amount the notification names (FreeKassa signs it), when it names one. */
      amountKopecks: Kopecks | null;
    }
  | { ok: false; reason: NotificationRefusal };

export type ProviderPaymentStatus =
  'pending' | 'paid' | 'cancelled' | 'failed' | 'refunded' | 'unknown';

/** A payment as the provider's API reports it now. */
export interface ProviderPaymentState {
  status: ProviderPaymentStatus;
  /** Our payment id as the provider stored it (metadata, payload, order id). */
  paymentId: string | null;
  providerPaymentId: string | null;
  /** The amount paid in roubles, in kopecks; null when the provider does not say. */
  amountKopecks: Kopecks | null;
}

/** A refund or chargeback the provider reports: the reversal module takes the top-up back. */
export interface ProviderReversal {
  /** Our payment id when the provider reports it (FreeKassa); else its own id names the payment. */
  paymentId: string | null;
  providerPaymentId: string | null;
  kind: 'refund' | 'chargeback' | 'refund_or_chargeback';
  /** What went back to the payer; null when the provider does not say. */
  amountKopecks: Kopecks | null;
}

/** What a provider can be asked by its reference: ours, theirs, or both. */
export interface PaymentRef {
  paymentId: string;
  providerPaymentId: string | null;
}

/** The last time the provider's API answered, and the last time it failed (the admin's health). */
export interface ProviderHealth {
  lastSuccessAt: Date | null;
  lastErrorAt: Date | null;
  /** A short description for the admin, never a secret. */
  lastError: string | null;
}

export interface PaymentProvider {
  readonly id: ProviderId;
  /** The player-facing name: «FreeKassa», «ЮKassa», «Crypto Pay». */
  readonly title: string;
  /** Every method this provider offers with the shop's settings (all on; the admin may hide some). */
  methods(): readonly PaymentMethod[];
  /**
   * Creates the payment at the provider; calling again with the same `paymentId` reuses the same
   * payment (an idempotence key, or a lookup first) instead of charging twice.
   */
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** Checks where a notification came from and its signature; never reads the provider's API. */
  verifyNotification(notification: IncomingNotification): NotificationCheck;
  /** The payment's true state, read from the provider's API. */
  readPayment(ref: PaymentRef): Promise<ProviderPaymentState>;
  /**
   * Refunds and chargebacks made since `since`, with what they gave back, for the reversal module.
   * The payments service reverses a top-up whose refunds cover its whole amount; a partial refund
   * is left to the admin (the module reverses whole top-ups only).
   */
  listReversals(since: Date): Promise<ProviderReversal[]>;
  /** The reply body a provider expects once a notification is handled (FreeKassa: `YES`). */
  readonly notificationReply: { contentType: string; body: string };
  /** Last success / last error of its API calls, updated by every call. */
  health(): ProviderHealth;
}

/** A health record a provider updates around its API calls. */
/**
 * `isOutage` tells a provider that failed (unreachable, 5xx, refused credentials) from one that
 * answered «no» to a request (a 4xx about that request): only the first is its health's error.
 */
export function createHealthRecord(isOutage: (error: unknown) => boolean = () => true) {
  const state: ProviderHealth = { lastSuccessAt: null, lastErrorAt: null, lastError: null };
  const success = (at = new Date()) => {
    state.lastSuccessAt = at;
  };
  const failure = (error: unknown, at = new Date()) => {
    state.lastErrorAt = at;
    state.lastError = (error instanceof Error ? error.message : String(error)).slice(0, 200);
  };
  /** Runs an API call and records how it went. */
  async function track<T>(call: () => Promise<T>): Promise<T> {
    try {
      const result = await call();
      success();
      return result;
    } catch (error) {
      if (isOutage(error)) failure(error);
      else success();
      throw error;
    }
  }
  return { snapshot: (): ProviderHealth => ({ ...state }), success, failure, track };
}
export type HealthRecord = ReturnType<typeof createHealthRecord>;

/**
 * The `isOutage` of a provider whose client throws one error class with a `reason`: the listed
 * reasons are the provider answering about one request (YooKassa's and Crypto Pay's `api_error`,
 * FreeKassa's `already_paid`), everything else is it failing.
 */
export function outageUnless<E extends Error & { readonly reason: string }>(
  errorClass: abstract new (...args: never[]) => E,
  answers: ReadonlyArray<E['reason']>,
): (error: unknown) => boolean {
  return (error) => !(error instanceof errorClass && answers.includes(error.reason));
}

/** A string field of a provider's reply or notification, or null when it is missing or empty. */
export const nonEmptyText = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** A payment the provider cannot tell about (never created there, or not found): nothing is known. */
export const unknownPaymentState = (
  paymentId: string | null,
  providerPaymentId: string | null,
): ProviderPaymentState => ({
  status: 'unknown',
  paymentId,
  providerPaymentId,
  amountKopecks: null,
});

/**
 * The providers whose settings are set, in the shop's order (FreeKassa, YooKassa, Crypto Pay). The
 * payments plugin decorates the app with it as `app.paymentProviders`.
 */
export interface ProviderRegistry {
  /** Configured providers only. */
  all(): readonly PaymentProvider[];
  get(id: ProviderId): PaymentProvider | undefined;
}

/** Our payment ids are uuids; anything else in a notification is not ours. */
export const isPaymentId = (value: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/**
 * The methods `method` of POST /api/payments/create accepted before there were providers: `kassa`
 * (FreeKassa's card page) and `sbp` (FreeKassa's SBP). The current dialog still sends them.
 */
export const LEGACY_METHODS: Readonly<Record<string, { provider: ProviderId; methodId: string }>> =
  {
    kassa: { provider: 'freekassa', methodId: 'card' },
    sbp: { provider: 'freekassa', methodId: 'sbp' },
  };
