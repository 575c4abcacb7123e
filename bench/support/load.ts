/** Load rounds with autocannon, and the waits between them (issue 16). */
import autocannon from 'autocannon';
import pg from 'pg';

export interface Round {
  requestsPerSecond: number;
  p50: number;
  /** From each response's time: autocannon's histogram has no 95th percentile. */
  p95: number;
  p99: number;
  completed: number;
}

/** `connections` clients asking `url` for `seconds`; fails on any error or non-2xx answer. */
export async function loadRound(
  url: string,
  token: string,
  connections: number,
  seconds: number,
): Promise<Round> {
  const started = performance.now();
  let last = started;
  let completed = 0;
  const responseTimes: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: seconds,
        // A slow list must not count as an error: one still open at the end is just not counted.
        timeout: 600,
        headers: { authorization: `Bearer ${token}` },
      },
      (error, done) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done),
    );
    instance.on('response', (_client, _status, _bytes, responseTime: number) => {
      completed++;
      responseTimes.push(responseTime);
      last = performance.now();
    });
  });
  if (result.errors || result.non2xx) {
    throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} answers other than 2xx`);
  }
  return {
    // Completed requests over the time to the last of them, not over the round: when a request
    // takes seconds under load, a 5 s round completes about one per connection by 3 s and
    // nothing after, and dividing by 5 s would say 32 / 5 whatever the server can do.
    requestsPerSecond: completed / ((last - started) / 1000),
    p50: result.latency.p50,
    p95: percentile(responseTimes, 0.95),
    p99: result.latency.p99,
    completed,
  };
}

/**
 * Waits until the database has finished the queries a round left running (autocannon stops
 * its clients at the round's end; the server still finishes what it was asked), so that no round
 * pays for the one before it.
 */
export async function drain(databaseUrl: string, timeoutMs = 600_000): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    // Requests waiting for one of the server's pooled connections show no active query: only
    // half a second without one says the server is done.
    let quiet = 0;
    for (;;) {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
      );
      quiet = rows[0]!.n === 0 ? quiet + 1 : 0;
      if (quiet >= 5) return;
      if (Date.now() > deadline) throw new Error('the database is still busy after the round');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.end();
  }
}

/** The value below which `fraction` of `values` lie (nearest rank). */
export const percentile = (values: number[], fraction: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
};

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
