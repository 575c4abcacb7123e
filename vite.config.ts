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
        // Libraries change less often than the app: their own chunks cache longest and keep
        // the start-up chunk under the 500 kB warning. React first, then the rules the forms
        // share with the server (zod, IBAN, VAT, countries).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            {
              name: 'rules',
              test: /node_modules[\\/](zod|ibantools|jsvat|i18n-iso-countries)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          globals: true,
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'common',
          environment: 'node',
          include: ['common/**/*.test.ts'],
        },
      },
    ],
  },
});
