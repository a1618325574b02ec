import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const WEB = './apps/web/src';
/** Each web feature may import only itself and the shared folders (docs/architecture.md). */
const features = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const WEB_SHARED = ['components', 'config', 'hooks', 'lib', 'styles'].map((d) => `${WEB}/${d}`);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', '.scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Import boundaries: which code may depend on which (docs/architecture.md, "Web layer").
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // .ts/.tsx are modules to follow (no-cycle reads them with the TypeScript parser).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      // Resolves `@/…` (apps/web/tsconfig.json) and `.ts` specifiers the way tsc does.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'apps/web/tsconfig.json',
            'apps/server/tsconfig.json',
            'packages/contracts/tsconfig.json',
            'e2e/tsconfig.json',
            'test/reliability/tsconfig.json',
            'bench/tsconfig.json',
          ],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: WEB_SHARED,
              from: [`${WEB}/features`, `${WEB}/app`],
              message:
                'Shared code (components, lib, hooks, config) must not import features or app.',
            },
            {
              target: `${WEB}/features`,
              from: `${WEB}/app`,
              message: 'Features must not import app: the app composes features, not the reverse.',
            },
            ...features.map((feature) => ({
              target: `${WEB}/features/${feature}`,
              from: `${WEB}/features`,
              except: [`./${feature}`],
              message:
                'A feature must not import another feature: move the shared part to src/lib or src/components, or compose both in src/app.',
            })),
            {
              target: './packages/contracts',
              from: './',
              except: ['./packages/contracts', './node_modules'],
              message:
                'packages/contracts imports nothing of ours: the apps depend on it, never the reverse.',
            },
            {
              // ADR 015: the chain adapter knows nothing of users, money or HTTP; the domain
              // code that credits deposits and pays withdrawals calls it, never the reverse.
              target: './apps/server/src/chain',
              from: './apps/server/src',
              except: ['./chain', './config.ts'],
              message:
                'src/chain depends only on itself and config: domain modules call the chain, not the reverse.',
            },
            {
              target: './apps/server',
              from: './apps/web',
              message: 'The server never imports the web app; share through packages/contracts.',
            },
            {
              target: './apps/web',
              from: './apps/server',
              message: 'The web app never imports the server; share through packages/contracts.',
            },
          ],
        },
      ],
    },
  },
  {
    // One way to name a module outside one's own folder: `@/…` from src (tsconfig paths).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*'],
              message: "Import from outside this folder with '@/…' (src/), not '../'.",
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 13: browser tests, benchmarks and the reliability suite reach the server's code
    // only through test/support/server.ts, the one list of what they depend on, so a server
    // refactor has one file outside apps/server to update. Shared helpers live in test/support.
    files: ['bench/**/*.ts', 'e2e/**/*.ts', 'test/reliability/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/server/**', '@sikka/server', '@sikka/server/**'],
              message:
                'Import server code through test/support/server.ts (and shared test helpers from test/support).',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
