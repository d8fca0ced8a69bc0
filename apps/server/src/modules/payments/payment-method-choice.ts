import { formatRoubles, kopecksToRoubles, SBP_METHOD_ID, type Kopecks } from '@shop/shared';
import {
  LEGACY_METHODS,
  PROVIDER_IDS,
  type PaymentMethod,
  type PaymentProvider,
  type ProviderId,
  type ProviderRegistry,
} from '../../integrations/payments/payment-provider';
import { badRequest } from '../../plugins/errors';

export const CHOOSE_METHOD = 'Выберите способ оплаты';
export const METHOD_UNAVAILABLE = 'Этот способ оплаты сейчас недоступен. Выберите другой.';

export interface MethodChoice {
  provider: PaymentProvider;
  method: PaymentMethod;
}

/**
 * The provider and method a top-up asks for: `method` names the provider (`freekassa`, `yookassa`,
 * `cryptopay`) and `paymentSystemId` one of its methods. Today's dialog sends `kassa` (FreeKassa's
 * card page) or `sbp` with paymentSystemId 44; both keep working. A provider without its settings,
 * or a method it does not have, is refused with a Russian message.
 */
export function chooseMethod(
  registry: ProviderRegistry,
  input: { method: string; paymentSystemId?: number | string | undefined },
): MethodChoice {
  const legacy = LEGACY_METHODS[input.method];
  let providerId: ProviderId;
  let methodId: string | undefined;
  if (legacy) {
    providerId = legacy.provider;
    methodId = legacy.methodId;
  } else if ((PROVIDER_IDS as readonly string[]).includes(input.method)) {
    providerId = input.method as ProviderId;
    methodId =
      input.paymentSystemId === SBP_METHOD_ID && providerId === 'freekassa'
        ? 'sbp'
        : typeof input.paymentSystemId === 'string'
          ? input.paymentSystemId
          : undefined;
  } else {
    throw badRequest(CHOOSE_METHOD);
  }
  const provider = registry.get(providerId);
  if (!provider) throw badRequest(METHOD_UNAVAILABLE);
  const methods = provider.methods();
  // A provider with one method (Crypto Pay) needs no paymentSystemId; FreeKassa's default is its card page.
  const method =
    methodId === undefined
      ? methods.length === 1 || providerId === 'freekassa'
        ? methods[0]
        : undefined
      : methods.find((candidate) => candidate.id === methodId);
  if (!method) throw badRequest(methodId === undefined ? CHOOSE_METHOD : METHOD_UNAVAILABLE);
  return { provider, method };
}

/** The method's own limits (the provider's), on top of the shop's. */
export function assertWithinMethodLimits(choice: MethodChoice, amountKopecks: Kopecks): void {
  const { method } = choice;
  const name = `«${method.title}» (${choice.provider.title})`;
  if (amountKopecks < method.minKopecks) {
    throw badRequest(
      `Сумма для способа ${name} — не менее ${formatRoubles(kopecksToRoubles(method.minKopecks))}`,
    );
  }
  if (amountKopecks > method.maxKopecks) {
    throw badRequest(
      `Сумма для способа ${name} — не более ${formatRoubles(kopecksToRoubles(method.maxKopecks))}`,
    );
  }
}

/** The ledger's «Способ» of a top-up, as players saw it before: «FreeKassa», «СБП»… */
export function ledgerMethodLabel(registry: ProviderRegistry, provider: string, method: string) {
  if (provider === 'freekassa') return method === 'sbp' ? 'СБП' : 'FreeKassa';
  const found = registry.get(provider as ProviderId);
  const title = found?.methods().find((candidate) => candidate.id === method)?.title;
  return found ? `${found.title}${title ? ` · ${title}` : ''}` : provider;
}
