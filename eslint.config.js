import { readdirSync, readFileSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const featuresDir = 'apps/web/src/features';
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const modulesDir = 'apps/server/src/modules';
/** @type {Record<string, { public: string[] }>} Each server module's public files (docs/architecture.md). */
const moduleMap = JSON.parse(readFileSync(`${modulesDir}/module-map.json`, 'utf8'));
const modules = Object.keys(moduleMap);

/** Server modules reach each other only through the files the module map lists as public. */
const moduleZones = modules.flatMap((target) =>
  modules
    .filter((from) => from !== target)
    .map((from) => ({
      target: `./${modulesDir}/${target}`,
      from: `./${modulesDir}/${from}`,
      except: moduleMap[from].public.map((file) => `./${file}`),
      message: `Only ${from}'s public files (${modulesDir}/module-map.json) may be imported from another module.`,
    })),
);
/** Web features never import each other (bulletproof-react). */
const featureZones = features.flatMap((target) =>
  features
    .filter((from) => from !== target)
    .map((from) => ({
      target: `./${featuresDir}/${target}`,
      from: `./${featuresDir}/${from}`,
      message:
        'Features do not import each other; move shared code to components/, lib/ or @shop/shared.',
    })),
);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'plugins/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'tsconfig.json',
            'apps/*/tsconfig.json',
            'packages/*/tsconfig.json',
            'tools/*/tsconfig.json',
          ],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify registers route plugins and hooks as async functions that need not await anything.
      '@typescript-eslint/require-await': 'off',
      // React calls event handlers and drops what they return; react-hook-form's handleSubmit
      // returns a promise by design and settles its own errors. Promises passed anywhere else
      // where nothing awaits them are still errors.
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSAsExpression > TSAsExpression[typeAnnotation.type="TSUnknownKeyword"]',
          message:
            '`as unknown as` hides a type error: type the value at its source (db/execute.ts for SQL rows).',
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Tests read replies as JSON (light-my-request's `json()` and `fetch`'s are `any`) and hold them
    // to the shape they expect with `expect`; declaring each reply's type first would restate what
    // the assertion checks. Shipped code keeps every no-unsafe rule.
    files: ['**/*.test.{ts,tsx}', 'apps/server/src/test-support/**', 'e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Tests reach into a module to arrange a case; the zones guard the shipped code.
    files: ['apps/server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: moduleZones }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: featureZones }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['packages/shared/src/**/*.ts'],
    languageOptions: { globals: { ...globals['shared-node-browser'] } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'crypto', 'drizzle-orm', 'drizzle-orm/*'],
              message: '@shop/shared runs in the browser: no Node APIs, no Drizzle.',
            },
          ],
        },
      ],
    },
  },
);
