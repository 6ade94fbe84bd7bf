// ESLint 9 flat config for every package (typescript-eslint, React hooks, jsx-a11y). `npm run lint`;
// .ci/run fails on any error. An `eslint-disable` comment must say why on the same line (`-- reason`).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

// API modules talk through exported services, never another module's tables (CONVENTIONS §1,
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
    ignores: ['**/dist/**', '**/dist-ts/**', '**/node_modules/**', '**/coverage/**', 'data/**', '.nx/**', '**/*.d.ts'],
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
      // prop or the route is derived, not copied in an effect. Every react-hooks rule is an error.
      'react-hooks/set-state-in-effect': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
      // The kit's DataTable names its table roles explicitly: a narrow screen shows rows as cards (CSS
      // display), which drops the implicit table semantics in Chromium and Safari.
      'jsx-a11y/no-redundant-roles': ['error', { nav: ['navigation'], table: ['table'], thead: ['rowgroup'], tbody: ['rowgroup'], tr: ['row'], td: ['cell'], th: ['columnheader'] }],
      'jsx-a11y/no-interactive-element-to-noninteractive-role': ['error', { tr: ['none', 'presentation'], td: ['cell'], canvas: ['img'] }],
    },
  },
  {
    // Screens not yet moved to the data layer (docs/decisions/025, "What is left"): their own loading
    // effects still set a loading flag or copy an answer into state. Remove a file from this list when
    // it moves; no file may be added.
    files: [
      'kit/src/api/file-url.ts',
      'mfe-auth/src/legal/LegalPage.tsx',
      'mfe-ops/src/delivery-targets/DeliveryTargetsPage.tsx',
      'mfe-ops/src/distribution/ReleaseDistributionPanel.tsx',
      'mfe-ops/src/jobs/FailedJobsPage.tsx',
      'mfe-ops/src/review/ReviewDetail.tsx',
      'mfe-ops/src/rights/RightsDeskPage.tsx',
      'mfe-releases/src/release-detail/ReleaseDetailPage.tsx',
      'mfe-releases/src/video/VideoPlatforms.tsx',
      'mfe-releases/src/wizard/WizardPage.tsx',
      'mfe-releases/src/wizard/artists/AddArtistDialog.tsx',
      'mfe-releases/src/wizard/platform/PlatformTab.tsx',
      'mfe-releases/src/wizard/song-info/use-track-qc.ts',
      'mfe-releases/src/wizard/submission/SubmissionTab.tsx',
      'mfe-support/src/profile/ProfilePage.tsx',
      'mfe-support/src/ticket-detail/TicketDetailPage.tsx',
      'mfe-tools-rights/src/shared/UrlEditorDialog.tsx',
      'mfe-tools-rights/src/tools/LrcUpload.tsx',
      'mfe-tools-rights/src/tools/MoodsField.tsx',
      'shell/src/layout/Drawer.tsx',
    ],
    rules: { 'react-hooks/set-state-in-effect': 'off' },
  },
  ...apiBoundaries,
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
