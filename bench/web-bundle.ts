/**
 * The app's download per route (issue 16): the JS and CSS the browser needs to show each
 * top-level route, as they are and as the server sends them (gzip, Brotli), read from the
 * build's manifest and its pre-compressed copies.
 *
 *   npx vite build && npm run bench:web     (or: npx tsx bench/web-bundle.ts [dist])
 *
 * 'boot' is what runs before the sign-in redirect, 'app' what every signed-in page needs; each
 * route's figures include both, and 'own' is what the route adds.
 */
import path from 'node:path';
import { kB, measureRoutes, type Bytes } from './support/bundle.js';

const dist = path.resolve(process.argv[2] ?? 'dist');
const { boot, app, routes, onDemand } = measureRoutes(dist);

const row = (name: string, bytes: Bytes, own?: Bytes) =>
  [
    name.padEnd(44),
    kB(bytes.raw).padStart(9),
    kB(bytes.gzip).padStart(9),
    kB(bytes.brotli).padStart(9),
    own ? kB(own.brotli).padStart(9) : '',
  ].join('');

console.log('kB (1000 bytes), JS + CSS');
console.log(
  ['stage / route'.padEnd(44), 'raw', 'gzip', 'brotli', 'own br']
    .map((h, i) => (i ? h.padStart(9) : h))
    .join(''),
);
console.log(row('boot (before the sign-in redirect)', boot));
console.log(row('app (every signed-in page)', app));
for (const { route, total, own } of routes) console.log(row(route, total, own));
console.log('\nloaded on demand (by an action on a screen):');
for (const { name, bytes } of onDemand) console.log(row(`  ${name}`, bytes));
if (onDemand.length === 0) console.log('  (none)');
