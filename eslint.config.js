import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import eslintComments from '@eslint-community/eslint-plugin-eslint-comments';
import i18next from 'eslint-plugin-i18next';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '.e2e-data*/**',
      'e2e/artifacts/**',
      'apps/server/drizzle/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { '@eslint-community/eslint-comments': eslintComments },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      // A rule is set aside only with its reason beside it: `// eslint-disable-next-line rule -- why`.
      '@eslint-community/eslint-comments/require-description': 'error',
    },
  },
  {
    // Small files and functions (docs/architecture.md "Size"): a longer one needs its reason in a disable comment.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.test-support.ts', '**/test/**'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Web features do not import each other; routes compose them (docs/architecture.md "Feature folders").
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../../features/*', '../*/*'], message: 'Features do not import each other.' }] },
      ],
    },
  },
  {
    // Inside a feature the `@/` alias must not reach another feature either; a rule set here replaces the one above
    // for these files, so it repeats its patterns.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../../features/*', '../*/*', '@/features/*'],
              message: 'Features do not import each other; compose them in apps/web/src/routes.',
            },
          ],
        },
      ],
    },
  },
  {
    // Texts users read come from the message catalogues (docs/decisions/0009-i18next-catalogues.md): a literal text
    // in JSX, or in an attribute people read or hear (label, placeholder, title, aria-label...), is reported on every
    // screen of the web app (issue 27). Arguments of calls and object properties are code (form field names, types),
    // and so are words of capitals and digits only (codes such as the HCPCS T1019 shown as an example) and marks
    // (a dash for no value, a middle dot between values).
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          words: { exclude: ['^[A-Z0-9][A-Z0-9 ,.:/-]*$', '^[\\s—–·•#|/:,.()+-]*$'] },
          callees: { exclude: ['.*'] },
          'object-properties': { exclude: ['.*'] },
          'jsx-attributes': {
            include: ['^(aria-label|aria-description|title|placeholder|label|description|alt|tooltip|message)$'],
          },
        },
      ],
    },
  },
  {
    // Each Playwright worker runs against its own server (e2e/support/test.ts sets `baseURL`).
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Import test from './support/test': it points each worker at its own server.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@trpc/*', 'fastify'], message: 'Services stay free of HTTP and tRPC.' }] },
      ],
    },
  },
  {
    files: [
      'apps/server/src/{app,main}.ts',
      'apps/server/src/{trpc,http,test}/**/*.ts',
      'apps/server/src/features/*/*.router.ts',
      'apps/server/src/**/*.test.ts',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
);
