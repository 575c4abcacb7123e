import fs from 'node:fs/promises';

/** A process's resident set size (VmRSS) or its peak (VmHWM), in kB, from /proc (Linux). */
export async function rssKb(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return Number(match?.[1] ?? 0);
}

/**
 * Runs `work` while sampling the process's RSS every 5 ms; answers the RSS before, the peak
 * (the kernel's peak counter is reset first), and the peak while each `stage` (as it read at
 * each sample) was under way.
 */
export async function measure(
  pid: number,
  work: () => Promise<void>,
  stage: () => string = () => '',
): Promise<{ before: number; peak: number; byStage: Map<string, number> }> {
  // Writing 5 to clear_refs resets the peak resident set size the kernel reports as VmHWM.
  await fs.writeFile(`/proc/${pid}/clear_refs`, '5').catch(() => {});
  const before = await rssKb(pid, 'VmRSS');
  let peak = before;
  const byStage = new Map<string, number>();
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const rss = await rssKb(pid, 'VmRSS');
      peak = Math.max(peak, rss);
      byStage.set(stage(), Math.max(byStage.get(stage()) ?? 0, rss));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  try {
    await work();
  } finally {
    sampling = false;
    await sampler;
  }
  peak = Math.max(peak, await rssKb(pid, 'VmHWM'));
  return { before, peak, byStage };
}
