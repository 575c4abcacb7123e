import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { watch } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '#server/config.js';
import { loadOrCreateIdpKeys, type IdpKeys } from '#server/idp/keys.js';
import { png } from '#server/testing/documents-fixtures.js';
import { person, signToken } from '#server/testing/harness.js';

/*
 * Decision 024: the real server in a child process is killed with SIGKILL while it writes an
 * upload and builds a PDF at the same time (one crash, one restart: each start costs seconds),
 * and what it left in DATA_DIR/tmp is gone once it has started again. Each leftover is
 * backdated past TEMP_MAX_AGE_SECONDS (an hour by default) instead of waiting for it; a fresh
 * file beside it, as another live process sharing DATA_DIR would be writing, survives the start.
 */

const HOUR = 3600_000;

async function freePort(): Promise<number> {
  for (let port = 8300 + Math.floor(Math.random() * 100), tries = 0; tries < 100; tries += 1) {
    const server = net.createServer();
    const free = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (free) {
      await new Promise((resolve) => server.close(resolve));
      return port;
    }
    port = port === 8399 ? 8300 : port + 1;
  }
  throw new Error('no free port in 8300-8399');
}

/** Files in `dir`, none when it does not exist yet. */
const filesIn = (dir: string) => fs.readdir(dir).catch(() => [] as string[]);

async function backdate(file: string, ms: number): Promise<void> {
  const then = new Date(Date.now() - ms);
  await fs.utimes(file, then, then);
}

describe('temporary files after a crash', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let config: Config;
  let keys: IdpKeys;
  let child: ChildProcess;
  let base: string;

  /** Starts the server on dataDir as `npm start` would, from the sources, until it is ready. */
  async function startServer(): Promise<void> {
    const inherited = { ...process.env };
    delete inherited.DATABASE_URL;
    let stderr = '';
    child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      env: { ...inherited, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const deadline = Date.now() + 60_000;
    while (
      !(await fetch(`${base}/api/ready`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (child.exitCode !== null) throw new Error(`the server exited: ${stderr}`);
      if (Date.now() > deadline) throw new Error(`the server did not start: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function kill(): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async function signIn(username: string, roles: string[]) {
    const token = await signToken(config, keys, person(username, roles));
    const response = await fetch(`${base}/api/auth/keycloak/ensure-user`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const { userId } = (await response.json()) as { userId: number };
    return { token, userId };
  }

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nt24-crash-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      STATIC_DIR: '',
    };
    config = loadConfig(env);
    // The server loads the same keys, so the test can sign its tokens.
    keys = await loadOrCreateIdpKeys(dataDir);
    await startServer();
  }, 90_000);

  afterAll(async () => {
    await kill();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** Starts an upload of a profile picture that never ends; answers once its bytes are on disk. */
  async function uploadForever(uploads: string): Promise<http.ClientRequest> {
    const { token, userId } = await signIn('crash-uploader', []);
    const boundary = `----nt24${randomBytes(8).toString('hex')}`;
    const request = http.request(
      `${base}/api/documents?userId=${userId}&documentType=PROFILE_PICTURE`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
      },
    );
    request.on('error', () => undefined);
    request.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    );
    request.write(await png());
    request.write(randomBytes(256 * 1024));
    const partial = async () => {
      for (const name of await filesIn(uploads)) {
        if ((await fs.stat(path.join(uploads, name))).size > 0) return name;
      }
      return undefined;
    };
    await expect.poll(partial, { timeout: 10_000 }).toMatch(/\.part$/);
    return request;
  }

  /**
   * Exports a KYC file and kills the server as soon as the PDF's file appears. The builder opens
   * it before laying the PDF out and writes nearly all its bytes in the last few milliseconds,
   * too late to be caught from here reliably: the file is left empty, mid-build.
   */
  async function exportUntilKilled(exports: string): Promise<void> {
    const { token } = await signIn('crash-exporter', ['NT24_MANAGER']);
    const watcher = watch(exports, (_event, name) => {
      if (name?.startsWith('kyc-export-')) child.kill('SIGKILL');
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const answer = fetch(`${base}/api/kyc/1/export-pdf?includeFullDocuments=true`, {
      headers: { authorization: `Bearer ${token}` },
    }).then(
      (response) => response.status,
      () => 'killed',
    );
    await exited;
    watcher.close();
    expect(await answer).toBe('killed');
  }

  /** Backdates the one leftover in `dir` past the age limit and puts a fresh file beside it. */
  async function ageLeftovers(dir: string, pattern: RegExp, fresh: string): Promise<void> {
    const left = await filesIn(dir);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(pattern);
    await backdate(path.join(dir, left[0]!), 2 * HOUR);
    await fs.writeFile(path.join(dir, fresh), 'still being written by another process');
  }

  it('removes what an upload and a PDF export killed mid-write left, at the next start', async () => {
    if (config.storage.kind !== 'local') throw new Error('the local store is the default');
    const uploads = config.storage.tempDir;
    const exports = config.exports.tempDir;
    // One crash in the middle of both: an upload still sending, a PDF half built.
    const upload = await uploadForever(uploads);
    await exportUntilKilled(exports);
    upload.destroy();

    const liveUpload = 'another-process.part';
    const liveExport = `kyc-export-${randomUUID()}.pdf`;
    await ageLeftovers(uploads, /^[0-9a-f]+\.part$/, liveUpload);
    await ageLeftovers(exports, /^kyc-export-.+\.pdf$/, liveExport);

    await startServer();
    expect(await filesIn(uploads)).toEqual([liveUpload]);
    expect(await filesIn(exports)).toEqual([liveExport]);
  });
});
