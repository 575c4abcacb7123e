import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Removes the files directly in `dir` last written before `olderThan`: what a process killed
 * mid-write left there (decision 024). A write in progress refreshes its file's mtime with every
 * chunk, so it is never old. A file that vanishes meanwhile (its writer finished, or another
 * process swept it) is no error, and a folder that does not exist yet has nothing to sweep.
 */
export async function sweepFolder(dir: string, olderThan: Date): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      const stats = await fs.lstat(file);
      if (!stats.isFile() || stats.mtime >= olderThan) continue;
      await fs.unlink(file);
      removed += 1;
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
  return removed;
}

export interface Sweep {
  /** Named in the log. */
  name: string;
  /** Removes what was abandoned before `olderThan`; answers how many it removed. */
  run(olderThan: Date): Promise<number>;
}

export interface SweeperOptions {
  sweeps: Sweep[];
  /** Untouched this long, a temporary file or upload is abandoned. */
  maxAgeMs: number;
  /** How often start() sweeps. */
  everyMs: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/**
 * Runs the sweeps once (sweep()) and then every `everyMs` (start() to stop()). A sweep that
 * fails is logged and tried again next time: a bucket that forbids listing its uploads must not
 * stop the server. Sweeps never overlap; one still running when the next is due is left alone.
 */
export function createSweeper(options: SweeperOptions) {
  const { sweeps, maxAgeMs, everyMs, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function runAll(): Promise<void> {
    const olderThan = new Date(Date.now() - maxAgeMs);
    for (const sweep of sweeps) {
      try {
        const removed = await sweep.run(olderThan);
        if (removed > 0)
          log.info({ sweep: sweep.name, removed }, 'abandoned temporary files removed');
      } catch (error) {
        log.warn({ err: error, sweep: sweep.name }, 'abandoned temporary files not swept');
      }
    }
  }

  function sweep(): Promise<void> {
    running ??= runAll().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    sweep,
    start(): void {
      timer = setInterval(() => void sweep(), everyMs);
      // A sweep is never a reason to keep the process alive.
      timer.unref();
    },
    stop(): void {
      clearInterval(timer);
    },
  };
}
