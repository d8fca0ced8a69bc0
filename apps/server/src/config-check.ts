import { envSchema, type EnvValues } from './config-env';
import { PROVIDER_FIXES, providerProblems } from './config-providers-check';

/**
 * How to fix each setting the shop may refuse, in the operator's words: the start names every
 * problem at once with its fix, so one edit of `.env` and one restart are enough.
 */
const HOW_TO_FIX: Record<string, string> = {
  PUBLIC_URL:
    'set the address players open, e.g. PUBLIC_URL=https://shop.example.com (Steam sign-in returns there)',
  ADMIN_STEAM_IDS: 'set your SteamID64, e.g. ADMIN_STEAM_IDS=76561198000000001 (comma-separated)',
  // A .env or systemd EnvironmentFile runs no commands: `$(…)` there would be the key itself.
  AUDIT_KEY:
    'run `openssl rand -hex 32` and put its output in the setting: AUDIT_KEY=<the 64 characters it printed>',
  ...PROVIDER_FIXES,
  DATABASE_URL: 'postgres://USER:PASSWORD@HOST:5432/DATABASE, or unset for the embedded database',
  REDIS_URL: 'redis://HOST:6379, or unset with a single instance',
  PORT: 'a port number from 1 to 65535',
  DEMO: 'set DEMO=0 (the demo\u2019s stand-ins hand out money and sign-ins)',
};

/**
 * Settings production cannot run without. Payment providers are checked apart: at least one of
 * them, any (config-providers-check.ts).
 */
const REQUIRED_IN_PRODUCTION = ['PUBLIC_URL', 'ADMIN_STEAM_IDS', 'AUDIT_KEY'] as const;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const withFix = (name: string, problem: string) =>
  HOW_TO_FIX[name] ? `${name}: ${problem} \u2014 ${HOW_TO_FIX[name]}.` : `${name}: ${problem}.`;

/**
 * Every problem of the environment at once, each with its fix: values the schema refuses, settings
 * production requires, and a production PUBLIC_URL that is not https (only localhost may be http).
 * Empty when the environment may start; config.ts then builds the Config (and keeps its own
 * checks of combinations, which come after these).
 */
export function configProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  let values: EnvValues;
  const parsed = envSchema.safeParse(env);
  if (parsed.success) {
    values = parsed.data;
  } else {
    const bad = new Set<string>();
    for (const issue of parsed.error.issues) {
      const name = issue.path.join('.');
      bad.add(String(issue.path[0]));
      problems.push(withFix(name, issue.message));
    }
    // The rest still checked: the refused values left out, their defaults in their place.
    const rest = envSchema.safeParse(
      Object.fromEntries(Object.entries(env).filter(([name]) => !bad.has(name))),
    );
    if (!rest.success) return problems;
    values = rest.data;
    if (bad.has('NODE_ENV')) return problems;
  }
  const badId = values.ADMIN_STEAM_IDS?.find((id) => !/^7656119\d{10}$/.test(id));
  if (badId) {
    problems.push(withFix('ADMIN_STEAM_IDS', `"${badId}" is not a 17-digit Steam id`));
  }
  if (values.NODE_ENV !== 'production') return problems;
  for (const name of REQUIRED_IN_PRODUCTION) {
    const value = values[name];
    const missing = value === undefined || (Array.isArray(value) && value.length === 0);
    if (missing && !problems.some((line) => line.startsWith(`${name}:`))) {
      problems.push(withFix(name, 'required in production'));
    }
  }
  problems.push(
    ...providerProblems(values, (name) => problems.some((line) => line.startsWith(`${name}:`))),
  );
  if (values.DEMO) problems.push(withFix('DEMO', 'must be 0 in production'));
  if (values.PUBLIC_URL) {
    const url = new URL(values.PUBLIC_URL);
    // The shop is served from the root of its address (pages and their scripts at /…): a path
    // would send Steam, payment return pages and links to addresses nothing answers.
    if (url.pathname !== '/' || url.search || url.hash) {
      problems.push(
        withFix(
          'PUBLIC_URL',
          'must be the address alone, without a path, ? or #: the shop is served from the root of its address',
        ),
      );
    }
    if (url.protocol !== 'https:' && !LOCAL_HOSTS.has(url.hostname)) {
      problems.push(
        withFix(
          'PUBLIC_URL',
          `must be https:// in production (${url.protocol}// only for localhost): players' sign-ins and payments go there`,
        ),
      );
    }
  }
  return problems;
}

/** The one message a refused start prints. */
export function describeProblems(problems: string[]): string {
  const count = problems.length === 1 ? '1 setting' : `${problems.length} settings`;
  return `${count} to fix (in .env or the service's environment):\n  - ${problems.join('\n  - ')}`;
}
