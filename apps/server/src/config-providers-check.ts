import type { EnvValues } from './config-env';

/**
 * The payment providers a production shop may take top-ups through: each is on when all its
 * credentials are set (README, «Configuration»). At least one must be; none of them is required
 * on its own, so an owner who takes payments through YooKassa only sets no FreeKassa values.
 */
const PROVIDERS = [
  {
    name: 'FreeKassa',
    credentials: [
      'FREEKASSA_SHOP_ID',
      'FREEKASSA_SECRET1',
      'FREEKASSA_SECRET2',
      'FREEKASSA_API_KEY',
    ],
    others: ['FREEKASSA_PAY_URL', 'FREEKASSA_API_URL', 'FREEKASSA_ALLOWED_IPS'],
  },
  {
    name: 'YooKassa',
    credentials: ['YOOKASSA_SHOP_ID', 'YOOKASSA_SECRET_KEY'],
    others: ['YOOKASSA_API_URL', 'YOOKASSA_ALLOWED_IPS'],
  },
  {
    name: 'Crypto Pay',
    credentials: ['CRYPTOPAY_TOKEN'],
    others: ['CRYPTOPAY_API_URL', 'CRYPTOPAY_ASSETS'],
  },
] as const satisfies ReadonlyArray<{
  name: string;
  credentials: ReadonlyArray<keyof EnvValues>;
  others: ReadonlyArray<keyof EnvValues>;
}>;

/** Where the operator finds each credential (config-check.ts uses them for malformed values too). */
export const PROVIDER_FIXES: Record<string, string> = {
  FREEKASSA_SHOP_ID: 'copy the shop id from FreeKassa\u2019s merchant settings',
  FREEKASSA_SECRET1: 'copy «Секретное слово 1» from FreeKassa\u2019s merchant settings',
  FREEKASSA_SECRET2: 'copy «Секретное слово 2» from FreeKassa\u2019s merchant settings',
  FREEKASSA_API_KEY: 'copy the API key from FreeKassa\u2019s merchant settings',
  YOOKASSA_SHOP_ID: 'copy shopId from YooKassa\u2019s dashboard, Интеграция → Ключи API',
  YOOKASSA_SECRET_KEY:
    'issue a secret key in YooKassa\u2019s dashboard, Интеграция → Ключи API, and copy it',
  CRYPTOPAY_TOKEN:
    'in Telegram open @CryptoBot → Crypto Pay → Создать приложение and copy the app\u2019s API token',
};

const line = (name: string, problem: string, fix: string) => `${name}: ${problem} \u2014 ${fix}.`;

/**
 * Production's payment settings, every problem at once: a provider set up in part names each
 * credential it lacks (or says to remove the rest), and a shop with no provider at all names the
 * three to choose from. `named` tells a setting already refused as malformed: it counts as set
 * (the operator meant that provider) and is not named twice.
 */
export function providerProblems(values: EnvValues, named: (name: string) => boolean): string[] {
  const problems: string[] = [];
  const isSet = (name: keyof EnvValues) => values[name] !== undefined || named(name);
  let configured = 0;
  let started = 0;
  for (const provider of PROVIDERS) {
    const present = provider.credentials.filter(isSet);
    const others = provider.others.filter(isSet);
    if (present.length === provider.credentials.length) {
      configured += 1;
      continue;
    }
    if (present.length === 0 && others.length === 0) continue;
    started += 1;
    const remove = [...present, ...others].join(', ');
    for (const name of provider.credentials.filter((name) => !isSet(name))) {
      problems.push(
        line(
          name,
          `required once ${provider.name} is set up (${remove} set)`,
          `${PROVIDER_FIXES[name]}; or remove ${remove} to take no payments through ${provider.name}`,
        ),
      );
    }
  }
  if (configured === 0 && started === 0) {
    const choices = PROVIDERS.map(
      (provider) => `${provider.name} (${provider.credentials.join(', ')})`,
    );
    problems.push(
      line(
        'Payment provider',
        'none is set up, and a shop in production takes top-ups through at least one',
        `set all the settings of ${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}; any one of them is enough`,
      ),
    );
  }
  return problems;
}
