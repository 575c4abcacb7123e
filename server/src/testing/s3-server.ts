import { fork } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface S3TestServer {
  /** e.g. http://127.0.0.1:41234 */
  endpoint: string;
  bucket: string;
  /** The S3_* variables that point loadConfig at this server. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const runner = path.join(here, 's3rver-process.ts');

/** s3rver's fixed credentials. */
const ACCESS_KEY = 'S3RVER';

/**
 * Starts s3rver, a real S3-protocol server, in a child process with a fresh temp directory and
 * one bucket. Speaking HTTP to another process exercises what a unit mock cannot: signing,
 * multipart uploads, ranged reads, error bodies and connection handling.
 */
export async function startS3Server(bucket = 'nt24-test'): Promise<S3TestServer> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'nt24-s3rver-'));
  const child = fork(runner, [directory, bucket], {
    cwd: repoRoot,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  let port: number;
  try {
    port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('s3rver did not start within 20 s')), 20_000);
      child.once('message', (message: { port: number }) => {
        clearTimeout(timer);
        resolve(message.port);
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`s3rver exited with code ${code}: ${stderr.trim()}`));
      });
    });
  } catch (error) {
    child.kill();
    await fs.rm(directory, { recursive: true, force: true });
    throw error;
  }

  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.send('stop');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
