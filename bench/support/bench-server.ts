/** The API server as the list benchmarks run it, and one request timed alone (issues 16, 20). */
import { spawnServer, waitUntilReady } from '../../e2e/support/server.js';
import { median } from './load.js';

export interface Single {
  path: string;
  /** Median of three single requests, after a first one. */
  singleMs: number;
  totalElements: number | undefined;
}

/** Asks once to warm up, then three times alone; fails loudly on anything but 200. */
export async function single(base: string, url: string, token: string): Promise<Single> {
  const times: number[] = [];
  let body: unknown;
  for (let attempt = 0; attempt < 4; attempt++) {
    const started = performance.now();
    const response = await fetch(`${base}${url}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${text}`);
    if (attempt > 0) times.push(performance.now() - started);
    body = JSON.parse(text);
  }
  const total = (body as { totalElements?: unknown }).totalElements;
  return {
    path: url,
    singleMs: median(times),
    totalElements: typeof total === 'number' ? total : undefined,
  };
}

/** The production server on `port`, without rate limits (one caller makes thousands of calls). */
export async function startBenchServer(port: number, dataDir: string, databaseUrl: string) {
  const child = spawnServer({
    port,
    dataDir,
    databaseUrl,
    env: {
      LOG_LEVEL: 'error',
      RATE_LIMIT_PERSON_PER_MINUTE: '100000000',
      RATE_LIMIT_ADDRESS_PER_MINUTE: '100000000',
    },
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`))),
  );
  exited.catch(() => {});
  await Promise.race([waitUntilReady(port, 180_000), exited]);
  return child;
}
