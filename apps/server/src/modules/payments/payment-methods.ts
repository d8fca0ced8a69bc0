import type {
  AdminPaymentMethods,
  DialogMethod,
  PaymentMethodsReply,
  PaymentMethodsUpdate,
  ProviderHealthView,
  SiteContent,
} from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type {
  PaymentMethod,
  PaymentProvider,
  ProviderHealth,
  ProviderRegistry,
} from '../../integrations/payments/payment-provider';
import { badRequest } from '../../plugins/errors';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { createPaymentMethodsRepository } from './payment-methods-repository';
import { isFirstTopUp } from './top-up-bonus-terms';

/**
 * Which of the configured providers' methods the top-up dialog offers, in the owner's order, and
 * each provider's health. A provider whose last API call failed, with none succeeding since, is
 * hidden from players with a note; `probeFailing` asks it again every minute, so it comes back by
 * itself once it answers.
 */

export const DISABLED_METHOD = 'Этот способ оплаты отключён. Выберите другой.';

export function isFailing(health: ProviderHealth): boolean {
  if (!health.lastErrorAt) return false;
  return !health.lastSuccessAt || health.lastErrorAt.getTime() >= health.lastSuccessAt.getTime();
}

export function healthView(health: ProviderHealth): ProviderHealthView {
  return {
    lastSuccessAt: health.lastSuccessAt?.toISOString() ?? null,
    lastErrorAt: health.lastErrorAt?.toISOString() ?? null,
    lastError: health.lastError,
    failing: isFailing(health),
  };
}

export const unavailableNote = (name: string) =>
  `Оплата через ${name} временно недоступна: платёжная система не отвечает. Выберите другой способ или попробуйте позже.`;

const key = (provider: string, methodId: string) => `${provider}:${methodId}`;

interface Listed {
  provider: PaymentProvider;
  method: PaymentMethod;
  enabled: boolean;
}

/** A method as the dialog states it: the shop's limits narrowed by the provider's own. */
function dialogMethod(
  { provider, method }: Listed,
  topUp: Pick<SiteContent['topUp'], 'min' | 'max'>,
): DialogMethod {
  return {
    id: method.id,
    provider: provider.id,
    providerName: provider.title,
    name: method.title,
    min: Math.max(topUp.min, Math.ceil(method.minKopecks / 100)),
    max: Math.min(topUp.max, Math.floor(method.maxKopecks / 100)),
    fee: { percent: method.fee.basisPoints / 100, fixed: method.fee.fixedKopecks / 100 },
  };
}

export function createPaymentMethods(app: FastifyInstance, registry: () => ProviderRegistry) {
  const repo = createPaymentMethodsRepository(app.db);

  /** Every method of every configured provider, the owner's ordered ones first, then the rest. */
  async function listed(): Promise<Listed[]> {
    const rows = new Map((await repo.all()).map((row) => [key(row.provider, row.methodId), row]));
    const all: Array<Listed & { position: number; natural: number }> = [];
    for (const provider of registry().all()) {
      for (const method of provider.methods()) {
        const row = rows.get(key(provider.id, method.id));
        all.push({
          provider,
          method,
          enabled: row?.enabled ?? true,
          position: row ? row.position : Number.MAX_SAFE_INTEGER,
          natural: all.length,
        });
      }
    }
    return all
      .sort((a, b) => a.position - b.position || a.natural - b.natural)
      .map(({ provider, method, enabled }) => ({ provider, method, enabled }));
  }

  async function forDialog(userId: number): Promise<PaymentMethodsReply> {
    const { topUp } = (await app.site.current()).content;
    const methods: DialogMethod[] = [];
    const unavailable: PaymentMethodsReply['unavailable'] = [];
    for (const item of await listed()) {
      if (!item.enabled) continue;
      if (isFailing(item.provider.health())) {
        if (!unavailable.some((entry) => entry.provider === item.provider.id)) {
          const name = item.provider.title;
          unavailable.push({ provider: item.provider.id, name, note: unavailableNote(name) });
        }
        continue;
      }
      const method = dialogMethod(item, topUp);
      if (method.min <= method.max) methods.push(method);
    }
    const firstTopUp = topUp.firstTopUpPercent > 0 && (await isFirstTopUp(app.db, userId));
    return { methods, unavailable, firstTopUp };
  }

  async function forAdmin(canEdit: boolean): Promise<AdminPaymentMethods> {
    const { topUp } = (await app.site.current()).content;
    return {
      providers: registry()
        .all()
        .map((provider) => ({
          id: provider.id,
          name: provider.title,
          health: healthView(provider.health()),
        })),
      methods: (await listed()).map((item) => ({
        ...dialogMethod(item, topUp),
        enabled: item.enabled,
      })),
      canEdit,
    };
  }

  /**
   * The owner's new order and switches, with its journal entry; every method named must be one a
   * configured provider offers.
   */
  async function save(update: PaymentMethodsUpdate, actor: AuditActor): Promise<void> {
    const before = await listed();
    const known = new Set(before.map((item) => key(item.provider.id, item.method.id)));
    const seen = new Set<string>();
    for (const method of update.methods) {
      const id = key(method.provider, method.id);
      if (!known.has(id)) throw badRequest(`Нет такого способа оплаты: ${method.id}`);
      if (seen.has(id)) throw badRequest(`Способ оплаты ${method.id} указан дважды`);
      seen.add(id);
    }
    const shown = (list: ReadonlyArray<{ provider: string; id: string; enabled: boolean }>) =>
      list.map((item) => `${item.provider}:${item.id}${item.enabled ? '' : ' (выкл.)'}`);
    await app.db.transaction(async (tx) => {
      await createPaymentMethodsRepository(tx).replace(
        update.methods.map(({ provider, id, enabled }) => ({ provider, methodId: id, enabled })),
      );
      await recordAudit(tx, actor, {
        action: 'payment.methods',
        targetType: 'payment_methods',
        targetName: 'Способы оплаты',
        before: shown(
          before.map((item) => ({ ...item, provider: item.provider.id, id: item.method.id })),
        ),
        after: shown(update.methods),
      });
    });
  }

  /**
   * Refuses a method the owner switched off, in the caller's transaction (the top-up's): even a
   * dialog opened before the owner switched it off cannot pay through it. The provider's own limits
   * are the payments service's check (payment-method-choice.ts).
   */
  async function assertEnabled(db: Db, provider: string, methodId: string): Promise<void> {
    const row = (await createPaymentMethodsRepository(db).all()).find(
      (entry) => entry.provider === provider && entry.methodId === methodId,
    );
    if (row && !row.enabled) throw badRequest(DISABLED_METHOD);
  }

  /**
   * Asks each failing provider again with a light read (its refunds of the last minute, which
   * touch nothing): its health records the answer, and a provider that answers is offered again.
   */
  async function probeFailing(): Promise<void> {
    for (const provider of registry().all()) {
      if (!isFailing(provider.health())) continue;
      try {
        await provider.listReversals(new Date(Date.now() - 60_000));
      } catch (error) {
        app.log.debug({ err: error, provider: provider.id }, 'payment provider still failing');
      }
    }
  }

  return { forDialog, forAdmin, save, assertEnabled, probeFailing, listed };
}

export type PaymentMethods = ReturnType<typeof createPaymentMethods>;
