import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './scripts/precompress.js';

const serverUrl = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@common': fileURLToPath(new URL('./common', import.meta.url)),
    },
  },
  css: {
    preprocessorOptions: {
      // Bootstrap 5.3's Sass still uses @import and the global functions that Dart Sass
      // deprecates; the warnings are about its sources, not ours (src/styles/bootstrap.scss).
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    // The API and the identity provider answer on the server; the browser sees one origin.
    proxy: {
      '/api': serverUrl,
      '/realms': serverUrl,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each entry and lazy page needs (the bundle budget).
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: their own chunks cache longest. React,
        // and zod, which the start needs (config/env.ts) as much as every API call. The form
        // rules (IBAN, VAT, phone numbers, countries) go with the forms that use them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    // Two test files at a time, whatever the core count (vitest's default is one less than the
    // cores: one on CI's two). The server files wait on their databases and timers more than
    // they compute, so two share two cores well.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          // As the server's: a worker's files share their modules (and jsdom). Each file
          // setting up React, the store and i18n anew took three quarters of the web tests' time
          // (87 files: 208 s to 47 s). tests/setup.ts resets what a test leaves behind.
          isolate: false,
          globals: true,
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup.ts'],
          // The date picker and the date-fns files it requires, bundled into one file once:
          // loaded file by file, they take seconds in every test that opens a date field.
          deps: { optimizer: { client: { enabled: true, include: ['react-datepicker'] } } },
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          // The files of a worker share their modules: each file importing the whole app anew
          // took a fifth of the server tests' time. Each file still builds its own app, config
          // and database (testing/harness.ts), so nothing a test changes outlives its file.
          isolate: false,
          include: ['server/**/*.test.ts'],
          // Every test server logs into the run's folder, and the run fails if a token it
          // issued is in that log (issue 32).
          globalSetup: ['server/src/testing/log-audit.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'common',
          environment: 'node',
          // docs/module-map.test.ts checks that the map names every folder.
          include: ['common/**/*.test.ts', 'docs/**/*.test.ts'],
        },
      },
    ],
  },
});
