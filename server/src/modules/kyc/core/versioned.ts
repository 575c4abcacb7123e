import { versionedChange } from '#server/versions.js';

/**
 * versionedChange (server/src/versions.ts) for a KYC change whose answer is what its own
 * transaction wrote: that answer; a change that threw StaleRecord is 409 with `current()`, the
 * record as it is now.
 */
export async function versionedWrite<T>(
  what: string,
  change: () => Promise<T>,
  current: () => Promise<unknown>,
): Promise<T> {
  let written: { answer: T } | undefined;
  await versionedChange<unknown>(
    what,
    async () => {
      written = { answer: await change() };
    },
    async () => (written ? written.answer : current()),
  );
  return written!.answer;
}
