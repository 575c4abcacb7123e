/**
 * The built app's chunk graph (dist/.vite/manifest.json) and the bytes the browser downloads
 * for each route, as the server sends them: the .br and .gz copies the build writes
 * (scripts/precompress.ts). Used by `npm run bench:web` and the budget in `npm test`.
 */
import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The page's entry: what runs before keycloak-js sends the browser to the sign-in page. */
export const BOOT = 'index.html';
/** The app once the session is known: store, texts, shell, router (src/main.tsx loads it). */
export const APP = 'src/app/start.tsx';

const page = (file: string) => `src/features/${file}.tsx`;
const NOT_AVAILABLE = page('pages/NotAvailablePage');

/**
 * The modules each top-level route of src/app/router.tsx loads lazily, with the slots it fills.
 * A name missing from the manifest fails the measurement, so this cannot drift unnoticed.
 */
export const ROUTES: Record<string, string[]> = {
  '/dashboard': [
    page('dashboard/DashboardPage'),
    page('kyc/submissions/KycCompanyCard'),
    page('orders/ordersCardSlot'),
  ],
  '/orders': [page('orders/OrdersListPage')],
  '/orders/modify/:orderRef': [page('orders/OrderFormPage')],
  '/orders/detail/:orderRef': [page('orders/OrderDetailPage')],
  '/partners': [page('partners/PartnersListPage')],
  '/partners/new': [page('partners/PartnerNewPage')],
  '/partners/:partnerId': [
    page('partners/PartnerDetailPage'),
    page('kyc/submissions/PartnerKycTab'),
    page('orders/PartnerOrdersTab'),
  ],
  '/kyc': [page('kyc/submissions/KycListPage')],
  '/kyc/:kycId': [page('kyc/KycDetailPage')],
  '/kyc/customers': [page('kyc/customers/KycCustomersPage')],
  '/kyc/customers/:customerUuid': [page('kyc/customers/KycCustomerPage')],
  '/passport': [NOT_AVAILABLE],
  '/documents/upload': [page('document-upload/DocumentUploadPage')],
  '/settings': [page('settings/SettingsPage')],
  '/settings/basic-info': [page('settings/BasicInfoPage')],
  '/settings/company-info': [page('settings/CompanyInfoPage')],
  '/error/403': [page('errors/AccessDeniedPage')],
  '/error/404': [],
};

export function readManifest(dist: string): Manifest {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npx vite build\` first`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

/** The files (JS and CSS, relative to dist) that loading `keys` needs: their static imports. */
export function filesFor(manifest: Manifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`'${key}' is not in the build's manifest`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

export interface Bytes {
  raw: number;
  gzip: number;
  brotli: number;
}

const sizeOf = (file: string, fallback: number) =>
  fs.existsSync(file) ? fs.statSync(file).size : fallback;

/** The files' sizes as they are, and as the server sends them to gzip and Brotli browsers. */
export function bytesOf(dist: string, files: Iterable<string>): Bytes {
  const total: Bytes = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const full = path.join(dist, file);
    const raw = fs.statSync(full).size;
    total.raw += raw;
    total.gzip += sizeOf(`${full}.gz`, raw);
    total.brotli += sizeOf(`${full}.br`, raw);
  }
  return total;
}

/** What the browser loads up to each stage: the boot, the app, and each route on top. */
export function measureRoutes(dist: string) {
  const manifest = readManifest(dist);
  const boot = filesFor(manifest, [BOOT]);
  const app = filesFor(manifest, [BOOT, APP]);
  const routes = Object.entries(ROUTES).map(([route, keys]) => {
    const files = filesFor(manifest, [BOOT, APP, ...keys]);
    const own = [...files].filter((file) => !app.has(file));
    return { route, total: bytesOf(dist, files), own: bytesOf(dist, own), files };
  });
  const loaded = new Set(routes.flatMap(({ files }) => [...files]));
  // Chunks only a screen's action loads (the PDF viewer, the export dialog...).
  const onDemand = Object.values(manifest)
    .filter((chunk) => chunk.isDynamicEntry && !loaded.has(chunk.file))
    .map((chunk) => ({ name: chunk.src ?? chunk.file, bytes: bytesOf(dist, [chunk.file]) }));
  return {
    boot: bytesOf(dist, boot),
    app: bytesOf(dist, app),
    routes,
    onDemand,
  };
}

export const kB = (bytes: number) => (bytes / 1000).toFixed(1);
