/**
 * The app's download budget (issue 16), checked by `npm test` after the build: the JS and CSS
 * that run before the sign-in redirect, and those the signed-in dashboard needs, in Brotli as
 * the server sends them (dist/.vite/manifest.json and the build's .br copies). Exits non-zero
 * over budget. Per-route figures: `npm run bench:web`.
 *
 *   npx vite build && npx tsx scripts/bundle-budget.ts
 */
import path from 'node:path';
import { kB, measureRoutes } from '../bench/support/bundle.js';

/**
 * kB (1000 bytes) of Brotli. `goal` is issue 16's; `budget` is what fails the test. The
 * dashboard's goal is not met yet (docs/performance.md says where the bytes go), so its budget
 * holds today's size: it comes down towards the goal, and goes up only by what a feature the
 * SPEC asks for costs, said in docs/performance.md (issue 18: 257 to 259 kB; issue 19: 262 kB;
 * issue 20: 265 kB; issue 31: 266 kB).
 */
const LIMITS = {
  boot: { goal: 60, budget: 60 },
  dashboard: { goal: 200, budget: 266 },
};

const dist = path.resolve(process.argv[2] ?? 'dist');
const { boot, routes } = measureRoutes(dist);
const dashboard = routes.find(({ route }) => route === '/dashboard')!.total;

const checks = [
  { name: 'before the sign-in redirect', brotli: boot.brotli, ...LIMITS.boot },
  { name: 'the signed-in dashboard', brotli: dashboard.brotli, ...LIMITS.dashboard },
];
let over = false;
for (const { name, brotli, goal, budget } of checks) {
  const ok = brotli <= budget * 1000;
  over ||= !ok;
  const reached = brotli <= goal * 1000 ? 'goal met' : `goal ${goal} kB not met yet`;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${name}: ${kB(brotli)} kB of JS + CSS (brotli); budget ${budget} kB, ${reached}`,
  );
}
if (over) {
  console.error('Over the budget: see `npm run bench:web` for what each route loads.');
  process.exit(1);
}
