import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../../config';
import { DEMO_CRYPTOPAY_PATH, DEMO_YOOKASSA_PATH } from '../../config-payments';
import { registerFakeCryptopay } from '../../integrations/cryptopay/fake-cryptopay';
import { registerFakeYookassa } from '../../integrations/yookassa/fake-yookassa';
import {
  CRYPTOPAY_BRAND,
  renderCheckoutPage,
  renderMessagePage,
  renderNotifyFailedPage,
  YOOKASSA_BRAND,
  type Brand,
} from './demo-checkout-pages';

/** YooKassa's names of its methods (`payment_method.type`), as its checkout shows them. */
const YOOKASSA_METHOD_NAMES: Record<string, string> = {
  bank_card: 'Банковская карта',
  sbp: 'СБП',
  sberbank: 'SberPay',
  tinkoff_bank: 'T-Pay',
  yoo_money: 'ЮMoney',
};

const page = (reply: FastifyReply, status: number, html: string) =>
  reply.status(status).type('text/html; charset=utf-8').send(html);

const closed = (reply: FastifyReply, brand: Brand) =>
  page(reply, 409, renderMessagePage(brand, 'Заказ закрыт', 'Этот заказ уже оплачен или отменён.'));
const missing = (reply: FastifyReply, brand: Brand) =>
  page(reply, 404, renderMessagePage(brand, 'Заказ не найден', 'Проверьте ссылку на оплату.'));

/**
 * Demo mode only: the stand-ins of YooKassa's API and Crypto Pay's API (the providers' own fakes,
 * which speak their protocols), mounted in the shop on the demo's published values, and the
 * payment pages a player meets there. The shop's real YooKassa and Crypto Pay code talks to them
 * over loopback, and they notify the shop over loopback, as the real ones do over the internet.
 */
export function registerDemoPayments(app: FastifyInstance, config: Config): void {
  const notifyUrl = (provider: string) =>
    `http://127.0.0.1:${config.port}/api/payments/${provider}/notify`;
  if (config.yookassa?.apiUrl.endsWith(`${DEMO_YOOKASSA_PATH}/v3`)) {
    registerDemoYookassa(app, config, () => notifyUrl('yookassa'));
  }
  if (config.cryptopay?.apiUrl.endsWith(`${DEMO_CRYPTOPAY_PATH}/api`)) {
    registerDemoCryptopay(app, config, () => notifyUrl('cryptopay'));
  }
}

/** YooKassa's checkout (`confirmation_url`): pay or cancel, then back to the shop's `return_url`. */
function registerDemoYookassa(app: FastifyInstance, config: Config, notifyUrl: () => string) {
  const settings = config.yookassa!;
  const fake = registerFakeYookassa(app, {
    prefix: DEMO_YOOKASSA_PATH,
    shopId: settings.shopId,
    secretKey: settings.secretKey,
    notifyUrl,
    publicUrl: () => config.publicUrl,
  });
  const path = `${DEMO_YOOKASSA_PATH}/checkout/:id`;
  const brand = YOOKASSA_BRAND;

  app.get(path, async (request, reply) => {
    const payment = fake.get((request.params as { id: string }).id);
    if (!payment) return missing(reply, brand);
    if (payment.status !== 'pending') return closed(reply, brand);
    const type = payment.payment_method?.type ?? 'bank_card';
    return page(
      reply,
      200,
      renderCheckoutPage({
        brand,
        action: request.url,
        amount: payment.amount.value,
        description: payment.description ?? 'Оплата заказа',
        methodName: YOOKASSA_METHOD_NAMES[type] ?? type,
      }),
    );
  });

  app.post(path, async (request, reply) => {
    const payment = fake.get((request.params as { id: string }).id);
    if (!payment) return missing(reply, brand);
    const action = (request.body as { action?: unknown } | undefined)?.action;
    const back = payment.confirmation?.return_url ?? `${config.publicUrl}/payment-success`;
    if (action === 'cancel') {
      if (payment.status === 'succeeded') return closed(reply, brand);
      fake.cancel(payment.id, 'canceled_by_merchant');
      await fake.notify('payment.canceled', payment.id);
      return reply.redirect(back, 303);
    }
    if (action !== 'pay' || payment.status === 'canceled') return closed(reply, brand);
    // The money is taken first; the shop learns of it from the notification, as from YooKassa.
    fake.succeed(payment.id);
    const sent = await fake.notify('payment.succeeded', payment.id);
    if (sent.status !== 200) return page(reply, 502, renderNotifyFailedPage(brand, request.url));
    return reply.redirect(back, 303);
  });
}

/**
 * Crypto Pay's invoice page (`web_app_invoice_url`): the payer picks one of the accepted assets
 * and pays; then the «callback» button's way back to the shop. «Отменить» lets the invoice expire.
 */
function registerDemoCryptopay(app: FastifyInstance, config: Config, notifyUrl: () => string) {
  const fake = registerFakeCryptopay(app, {
    prefix: DEMO_CRYPTOPAY_PATH,
    token: config.cryptopay!.token,
    notifyUrl,
    publicUrl: () => config.publicUrl,
  });
  const path = `${DEMO_CRYPTOPAY_PATH}/invoice/:hash`;
  const brand = CRYPTOPAY_BRAND;
  const back = (outcome: 'success' | 'cancel', paymentId: string | undefined) =>
    `${config.publicUrl}/payment-${outcome}${paymentId ? `?orderId=${encodeURIComponent(paymentId)}` : ''}`;

  app.get(path, async (request, reply) => {
    const invoice = fake.byHash((request.params as { hash: string }).hash);
    if (!invoice) return missing(reply, brand);
    if (invoice.status !== 'active') return closed(reply, brand);
    return page(
      reply,
      200,
      renderCheckoutPage({
        brand,
        action: request.url,
        amount: invoice.amount,
        description: invoice.description ?? 'Оплата заказа',
        methodName: 'Криптовалюта',
        assets: invoice.accepted_assets ?? [invoice.asset ?? 'USDT'],
      }),
    );
  });

  app.post(path, async (request, reply) => {
    const invoice = fake.byHash((request.params as { hash: string }).hash);
    if (!invoice) return missing(reply, brand);
    const body = (request.body ?? {}) as { action?: unknown; asset?: unknown };
    if (body.action === 'cancel') {
      if (invoice.status === 'paid') return closed(reply, brand);
      fake.expire(invoice.invoice_id);
      return reply.redirect(back('cancel', invoice.payload), 303);
    }
    if (body.action !== 'pay' || invoice.status === 'expired') return closed(reply, brand);
    const accepted = invoice.accepted_assets ?? [invoice.asset ?? 'USDT'];
    const asset =
      typeof body.asset === 'string' && accepted.includes(body.asset) ? body.asset : accepted[0];
    fake.pay(invoice.invoice_id, asset);
    const sent = await fake.notify(invoice.invoice_id);
    if (sent.status !== 200) return page(reply, 502, renderNotifyFailedPage(brand, request.url));
    return reply.redirect(back('success', invoice.payload), 303);
  });
}
