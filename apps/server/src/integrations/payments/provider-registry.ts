import type { Config } from '../../config';
import { createCryptopayProvider } from '../cryptopay/cryptopay-provider';
import { createFreekassaProvider } from '../freekassa/freekassa-provider';
import { createYookassaProvider, type YookassaProvider } from '../yookassa/yookassa-provider';
import type { PaymentProvider, ProviderId, ProviderRegistry } from './payment-provider';

export interface ShopProviders extends ProviderRegistry {
  /** YooKassa with its client (receipts), when its settings are set. */
  yookassa(): YookassaProvider | undefined;
  /** Whether a provider's API is a stand-in on this machine (the demo's, a test's fake). */
  isLocal(id: ProviderId): boolean;
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const isLocalUrl = (url: string) => {
  try {
    return LOCAL_HOSTS.has(new URL(url).hostname);
  } catch {
    return false;
  }
};

/**
 * The shop's providers from its settings, each when its config is there: in production only those
 * whose settings are set (FreeKassa too); outside production FreeKassa always (as before: without
 * its settings it has no merchant and secrets nobody knows). The order is the shop's default order
 * of the top-up dialog.
 */
export function createProviderRegistry(
  config: Pick<Config, 'freekassa' | 'yookassa' | 'cryptopay'>,
  deps: { fetchImpl?: typeof fetch; sleep?: (ms: number) => Promise<void> } = {},
): ShopProviders {
  const apiUrls = new Map<ProviderId, string>();
  const list: PaymentProvider[] = [];
  if (config.freekassa) {
    list.push(createFreekassaProvider(config.freekassa, deps));
    apiUrls.set('freekassa', config.freekassa.apiUrl);
  }
  let yookassa: YookassaProvider | undefined;
  if (config.yookassa) {
    yookassa = createYookassaProvider(config.yookassa, deps);
    list.push(yookassa);
    apiUrls.set('yookassa', config.yookassa.apiUrl);
  }
  if (config.cryptopay) {
    list.push(createCryptopayProvider(config.cryptopay, deps));
    apiUrls.set('cryptopay', config.cryptopay.apiUrl);
  }
  return {
    all: () => list,
    get: (id) => list.find((provider) => provider.id === id),
    yookassa: () => yookassa,
    isLocal: (id) => isLocalUrl(apiUrls.get(id) ?? ''),
  };
}
