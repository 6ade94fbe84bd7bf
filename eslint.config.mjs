// ESLint 9 flat config for every package (typescript-eslint, React hooks, jsx-a11y). `npm run lint`;
// .ci/run fails on any error. An `eslint-disable` comment must say why on the same line (`-- reason`).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

// API modules talk through exported services, never another module's tables (docs/conventions.md §1,
// docs/decisions/024): a file of api/src/<module>/ may import another module's entity only as a type.
const API_MODULES = readdirSync(new URL('./api/src', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const apiBoundaries = API_MODULES.map((module) => ({
  files: [`api/src/${module}/**/*.ts`],
  ignores: ['**/*.spec.ts'],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: API_MODULES.filter((other) => other !== module).flatMap((other) => [`**/${other}/**/*.entity`, `**/${other}/**/*.entities`, `**/${other}/entities/*`]),
            allowTypeImports: true,
            message: 'Another API module\'s entity: use a service that module exports (docs/decisions/024).',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/dist-ts/**', '**/node_modules/**', '**/coverage/**', 'data/**', '.nx/**', '.remote-e2e-*/**', 'api/test-data/**', 'e2e/artifacts/**', '**/*.d.ts'],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['shell/src/**/*.{ts,tsx}', 'kit/src/**/*.{ts,tsx}', 'mfe-*/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
      // Server state goes through the kit's data layer (docs/decisions/025), and state that follows a
      // prop or the route is derived, not copied in an effect. Every react-hooks rule is an error, with
      // no file excepted (the last screens moved in issue 37; none may be added).
      'react-hooks/set-state-in-effect': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
      // The kit's DataTable names its table roles explicitly: a narrow screen shows rows as cards (CSS
      // display), which drops the implicit table semantics in Chromium and Safari.
      'jsx-a11y/no-redundant-roles': ['error', { nav: ['navigation'], table: ['table'], thead: ['rowgroup'], tbody: ['rowgroup'], tr: ['row'], td: ['cell'], th: ['columnheader'] }],
      'jsx-a11y/no-interactive-element-to-noninteractive-role': ['error', { tr: ['none', 'presentation'], td: ['cell'], canvas: ['img'] }],
    },
  },
  ...apiBoundaries,
  {
    // One multipart receiver (docs/decisions/026 "One multipart receiver"): only storage/streamed-upload.ts
    // constructs a multipart parser, so every route gets its handling of every error path (a parser error
    // nobody listens to takes the process down). The base rule, so the module boundaries above still apply.
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/storage/streamed-upload.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...['busboy', 'multer', 'formidable', 'multiparty', 'dicer', 'connect-busboy'].map((name) => ({ name, message: 'Multipart bodies go through receiveFilePart / receiveSingleFile (api/src/storage/streamed-upload.ts, docs/decisions/026).' })),
            { name: '@nestjs/platform-express', importNames: ['FileInterceptor', 'FilesInterceptor', 'FileFieldsInterceptor', 'AnyFilesInterceptor', 'MulterModule'], message: 'Multipart bodies go through receiveFilePart / receiveSingleFile (api/src/storage/streamed-upload.ts, docs/decisions/026).' },
          ],
        },
      ],
    },
  },
  {
    // No import cycle of values in the API and the contracts (docs/decisions/024; import-x does not follow `import type`).
    files: ['api/src/**/*.ts', 'contracts/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })], 'import-x/extensions': ['.ts'], 'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] } },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    languageOptions: { globals: { ...globals.node }, sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  { files: ['**/*.mjs'], languageOptions: { sourceType: 'module' } },
  {
    // One transaction owner (docs/decisions/034): every transaction of the API and its tests goes through
    // Transactions.run / runTransaction, which hold SQLite's one-writer queue and the one isolation policy.
    files: ['api/src/**/*.ts', 'api/test/**/*.ts'],
    ignores: ['api/src/database/transactions.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='transaction']", message: 'Run transactions with Transactions.run (api/src/database/transactions.ts, docs/decisions/034).' },
        { selector: "CallExpression[callee.property.name='startTransaction']", message: 'Run transactions with Transactions.run (api/src/database/transactions.ts, docs/decisions/034).' },
      ],
    },
  },
  // Bench scripts hand functions to page.evaluate, which run in the browser.
  { files: ['bench/**/*.js'], languageOptions: { globals: { ...globals.node, document: 'readonly', window: 'readonly' } } },
  {
    // The sign-in screens (login, sign-up, OTP, recovery) are single-purpose forms: their first field takes
    // focus on arrival, as users of every account page expect and the keyboard journeys check (core §2).
    files: ['mfe-auth/src/**/*.tsx'],
    rules: { 'jsx-a11y/no-autofocus': 'off' },
  },
  {
    files: ['**/*.spec.{ts,tsx}', '**/*.integration-spec.ts', 'e2e/**/*.ts', '**/test/**/*.ts', '**/test-support/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
);
