import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The app's module map (docs/architecture.md): app wires features; a feature uses the shared
// places, never another feature's files; shared places never use features or the app.
const features = readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const shared = [
  'components',
  'config',
  'lib',
  'session',
  'companies',
  'countries',
  'documents',
  'notifications',
  'preferences',
].map((folder) => `./src/${folder}`);
const appBoundaries = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature uses shared places, not another feature: move what both need out.',
  })),
  {
    target: ['./src/features', ...shared],
    from: './src/app',
    except: ['./hooks.ts', './store.ts'],
    message: 'Only the app wires features and layout; below it, use app/hooks and app/store.',
  },
  {
    target: shared,
    from: './src/features',
    message: 'A shared place cannot depend on a feature.',
  },
  {
    target: './src/lib',
    from: shared.filter((folder) => !/\/(lib|config)$/.test(folder)),
    message: 'lib is the bottom layer: it uses config, common/ and packages only.',
  },
  {
    // The menu's configuration names the icons it shows (components/ui/Icon), nothing else.
    target: './src/config',
    from: shared.filter((folder) => !/\/(lib|config|components)$/.test(folder)),
    message: 'config uses lib and components only.',
  },
  {
    target: './common',
    from: ['./src', './server'],
    message: 'common/ is shared by the app and the server and depends on neither.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'test-results',
      'playwright-report',
      'server/drizzle',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/**/*.{ts,tsx}', 'common/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: appBoundaries }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    // A test renders a screen as the app composes it: its routes, slots filled by other features.
    files: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: appBoundaries.slice(features.length + 1) },
      ],
    },
  },
  {
    files: [
      'server/**/*.ts',
      'e2e/**/*.ts',
      'scripts/**/*.ts',
      'bench/**/*.ts',
      '*.config.{js,ts}',
    ],
    languageOptions: { globals: globals.node },
  },
);
