import { useRef, useState } from 'react';
import { fileProblem, MAX_UPLOAD_MB, type FileProblem } from '@/documents/fileChecks';
import { isApiError } from '@/lib/api-error';

export type UploadStatus = 'waiting' | 'uploading' | 'done' | 'failed' | 'refused';

/** Why a file did not go: refused before sending, or the server's own message. */
export type UploadProblem =
  | { kind: 'check'; problem: FileProblem; max: number }
  | { kind: 'server'; message: string }
  | { kind: 'failed' };

export interface UploadItem {
  id: number;
  name: string;
  status: UploadStatus;
  /** 0 to 100. */
  progress: number;
  problem: UploadProblem | null;
}

/** Sends one file; `onProgress` gets the fraction sent (0 to 1). */
export type SendFile = (file: File, onProgress: (fraction: number) => void) => Promise<unknown>;

/** The server's message is shown for what it refused (400, 413, 415...); otherwise ours. */
function problemOf(error: unknown): UploadProblem {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) {
    return { kind: 'server', message: error.message };
  }
  return { kind: 'failed' };
}

/**
 * Files on their way up, one after the other, each with its progress and outcome. Files that
 * would be refused (too large, wrong type) are listed as such and never sent.
 */
export function useUploadQueue() {
  const [items, setItems] = useState<UploadItem[]>([]);
  const nextId = useRef(1);
  // One file at a time: each waits for the one before it.
  const chain = useRef<Promise<void>>(Promise.resolve());

  const update = (id: number, changes: Partial<UploadItem>) =>
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...changes } : item)));

  const add = (files: readonly File[], send: SendFile) => {
    const added = files.map((file) => {
      const problem = fileProblem(file);
      const item: UploadItem = {
        id: nextId.current++,
        name: file.name,
        status: problem ? 'refused' : 'waiting',
        progress: 0,
        problem: problem ? { kind: 'check', problem, max: MAX_UPLOAD_MB } : null,
      };
      return { file, item };
    });
    setItems((current) => [...current, ...added.map(({ item }) => item)]);
    for (const { file, item } of added) {
      if (item.status === 'refused') continue;
      chain.current = chain.current.then(async () => {
        update(item.id, { status: 'uploading' });
        try {
          await send(file, (fraction) => update(item.id, { progress: Math.round(fraction * 100) }));
          update(item.id, { status: 'done', progress: 100 });
        } catch (error) {
          update(item.id, { status: 'failed', problem: problemOf(error) });
        }
      });
    }
  };

  const busy = items.some((item) => item.status === 'waiting' || item.status === 'uploading');
  const clear = () =>
    setItems((current) =>
      current.filter((item) => item.status === 'uploading' || item.status === 'waiting'),
    );

  return { items, busy, add, clear };
}
