/**
 * Development: the API and identity provider (restarting on change) behind Vite's hot-reloading
 * dev server. Open http://localhost:5173; Vite forwards /api and /realms to the server.
 */
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PUBLIC_URL: 'http://localhost:5173', STATIC_DIR: '' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];

function stop(code: number) {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}

process.once('SIGINT', () => stop(0));
process.once('SIGTERM', () => stop(0));
for (const child of children) child.once('exit', (code) => stop(code ?? 1));
