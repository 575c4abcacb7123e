import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import ts from 'typescript';
import tseslint from 'typescript-eslint';

// The app's module map (docs/architecture.md): app wires features; a feature uses the shared
// places, never another feature's files; shared places never use features or the app.
const features = readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The shared places stand on floors, the lowest first: each uses only those below it, never one
// above (issue 33). `components/` is two places, its widgets and any folder added beside them.
const FLOORS = [
  'config',
  'lib',
  'components/ui',
  'store',
  'notifications',
  'preferences',
  'countries',
  'companies',
  'session',
  'documents',
  'kyc-forms',
  'kyc-export',
  'kyc-gate',
  'slots',
  'shell',
];
// What under src/ is not a shared place: the features, the app that wires them, the styles.
const NOT_SHARED = ['features', 'app', 'styles'];
const subfolders = (folder) =>
  readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const placesOnDisk = subfolders('src')
  .filter((folder) => !NOT_SHARED.includes(folder))
  .flatMap((folder) =>
    folder === 'components'
      ? subfolders('src/components').map((ui) => `components/${ui}`)
      : [folder],
  );
const withoutFloor = placesOnDisk.filter((place) => !FLOORS.includes(place));
if (withoutFloor.length > 0) {
  throw new Error(
    `src/${withoutFloor.join(', src/')} has no floor: add it to FLOORS in eslint.config.js, above ` +
      'the places it uses and below those that use it, and to docs/architecture.md.',
  );
}
const goneFloors = FLOORS.filter((place) => !placesOnDisk.includes(place));
if (goneFloors.length > 0) {
  throw new Error(
    `FLOORS in eslint.config.js names src/${goneFloors.join(', src/')}, not on disk.`,
  );
}
const shared = FLOORS.map((place) => `./src/${place}`);

/** Why a place may not use one above it, in the words of its floor. */
const floorMessage = (place, below) => {
  if (place === 'config') return 'config is the bottom floor: it uses common/ and packages only.';
  if (place === 'lib')
    return 'lib knows no domain and no store: it uses config, common/ and packages.';
  if (place === 'components/ui') {
    return 'components/ui knows no domain and no store: take what the widget needs as props.';
  }
  return `${place} stands on ${below.join(', ')}; a place above it (or a feature) is not its to use: move what both need down.`;
};
const floorBoundaries = FLOORS.map((place, index) => ({
  target: `./src/${place}`,
  from: [...FLOORS.slice(index + 1).map((above) => `./src/${above}`), './src/features'],
  message: floorMessage(place, FLOORS.slice(0, index)),
}));

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
    except: ['./store.ts'],
    message:
      'Only the app wires features and the shell; below it, use store/ (and app/store for types).',
  },
  {
    // The widgets and lib do not even take the store's types: they know no store.
    target: ['./src/lib', './src/config', './src/components/ui'],
    from: './src/app',
    message: 'lib, config and components/ui know no store and no app.',
  },
  ...floorBoundaries,
  {
    target: './src',
    from: './server',
    message: 'The app reaches the server over HTTP only; what both need lives in common/.',
  },
];

// ---- server: module boundaries (issue 15) ----------------------------------------------------
// A module under server/src/modules/<m> uses another module only through that module's services
// (*-service.ts). The one exception: a route or field schema may build on another module's
// *-schemas.ts (a country code, a phone number), so the contract is written once. Modules never
// import the app that wires them (app.ts, main.ts); common/ is shared with the browser and
// imports nothing from the server or the app. And no import cycles on the server.
const foldersIn = (directory) =>
  readdirSync(directory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const SERVER_MODULES = foldersIn('server/src/modules');
// Inside modules/kyc: the use cases (every folder but core/) use core/, the kyc root files and
// other modules' services, never each other; core/ never uses a use case (issue 33).
const KYC = 'server/src/modules/kyc';
const KYC_USE_CASES = foldersIn(KYC).filter((folder) => folder !== 'core');
// import-x/no-cycle skips type-only imports and has no option to count them (v4), so a cycle
// with a type import on one side passed (records ↔ submissions in modules/kyc, issue 33). This
// rule follows every import of a server file, types too, and reports the one that closes a loop.
const serverResolver = createTypeScriptImportResolver({ project: 'server/tsconfig.json' });
const serverImports = new Map();
/** The repository's TypeScript file `source` names from `file`, if it names one. */
function localFile(source, file) {
  const { found, path: target } = serverResolver.resolve(source, file);
  return found && target?.endsWith('.ts') && !target.includes('node_modules') ? target : undefined;
}
function importsOf(file) {
  if (!serverImports.has(file)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, false);
    const targets = importedFiles
      .map(({ fileName }) => localFile(fileName, file))
      .filter((target) => target !== undefined);
    serverImports.set(file, [...new Set(targets)]);
  }
  return serverImports.get(file);
}
function routeBack(from, to) {
  const seen = new Set([from]);
  const queue = [[from]];
  while (queue.length > 0) {
    const route = queue.shift();
    for (const next of importsOf(route.at(-1))) {
      if (next === to) return route;
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...route, next]);
      }
    }
  }
  return undefined;
}
const typeCycles = {
  rules: {
    'no-cycle': {
      meta: {
        type: 'problem',
        schema: [],
        messages: { cycle: 'Import cycle, type imports counted: {{route}}' },
      },
      create(context) {
        const file = context.physicalFilename;
        const check = (node) => {
          if (!node.source) return;
          const target = localFile(node.source.value, file);
          const route = target && routeBack(target, file);
          if (!route) return;
          const names = [file, ...route, file].map((step) =>
            path.relative(import.meta.dirname, step),
          );
          context.report({ node, messageId: 'cycle', data: { route: names.join(' → ') } });
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
        };
      },
    },
  },
};
const serverBoundaries = {
  files: ['server/**/*.ts', 'common/**/*.ts', 'bench/**/*.ts'],
  plugins: { 'import-x': importX, 'type-cycles': typeCycles },
  settings: {
    // no-cycle follows imports by parsing each file: TypeScript, with the TypeScript parser.
    'import-x/extensions': ['.ts'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'server/tsconfig.json' })],
  },
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        basePath: import.meta.dirname,
        zones: [
          ...SERVER_MODULES.map((module) => ({
            target: `server/src/modules/${module}`,
            from: SERVER_MODULES.filter((other) => other !== module).map(
              (other) => `server/src/modules/${other}/**`,
            ),
            except: ['**/*-service.ts', '**/*-schemas.ts'],
            message: `A module uses another only through its *-service.ts (or a *-schemas.ts for a schema).`,
          })),
          ...KYC_USE_CASES.map((useCase) => ({
            target: `${KYC}/${useCase}`,
            from: KYC_USE_CASES.filter((other) => other !== useCase).map(
              (other) => `${KYC}/${other}`,
            ),
            message: `A KYC use case uses core/, not another use case: move what both need to core/, or have kyc-routes.ts hand it in.`,
          })),
          {
            target: `${KYC}/core`,
            from: KYC_USE_CASES.map((useCase) => `${KYC}/${useCase}`),
            message: 'The KYC core never uses a use case.',
          },
          {
            target: 'server/src/pdf',
            from: 'server/src/modules',
            message:
              'The PDF engine draws pages and knows no module: what a report says is its module’s.',
          },
          {
            target: 'server/src/modules/**/!(*.test).ts',
            from: ['server/src/app.ts', 'server/src/main.ts'],
            message: 'Modules do not import the app that wires them.',
          },
          {
            target: 'common',
            from: ['server', 'src'],
            message: 'common/ is shared by both sides and imports neither.',
          },
        ],
      },
    ],
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
    'type-cycles/no-cycle': 'error',
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'build',
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
      // `interface LazyLoadedSlices extends WithSlice<typeof slice> {}`: a slice adding itself
      // to the store's type (src/app/store.ts), which TypeScript allows only as an interface.
      '@typescript-eslint/no-empty-object-type': [
        'error',
        { allowInterfaces: 'with-single-extends' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle follows imports by parsing each file: TypeScript, with the TypeScript parser.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
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
  serverBoundaries,
);
