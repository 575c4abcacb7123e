import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { BuildOptions } from '#server/app.js';

/**
 * The log audit of a server test run (issue 32): every test server logs into the run's folder,
 * every token a server hands out is noted there, and at the end of the run no noted token may
 * appear in any log line. The global set-up below makes the folder and names it in this
 * variable, which the workers inherit; without it (a bench, a script) nothing is logged or noted.
 */
const AUDIT_FOLDER = 'NT24_LOG_AUDIT_DIR';

/** The level the audited servers log at: production's is info; debug holds info and more. */
const AUDIT_LEVEL = 'debug';

/** Where a token was issued: `token (POST /api/documents/:documentId/token)`. */
interface IssuedToken {
  token: string;
  kind: string;
}

export interface Leak extends IssuedToken {
  /** The log file and its line number. */
  where: string;
  /** The logged line's request address or message, to find the code that logged it. */
  line: string;
}

function auditFolder(): string | undefined {
  return process.env[AUDIT_FOLDER] || undefined;
}

const workerFile = (folder: string, name: string) =>
  path.join(folder, `${name}-${process.pid}-${threadId}.ndjson`);

/** This worker's file in the audit folder, opened once for appending. */
const opened = new Map<string, number>();
function fileOf(folder: string, name: string): number {
  const file = workerFile(folder, name);
  let fd = opened.get(file);
  if (fd === undefined) {
    fd = fs.openSync(file, 'a');
    opened.set(file, fd);
  }
  return fd;
}

/** Notes a token a test server issued (or the harness signed), for the end-of-run check. */
export function recordToken(token: string, kind: string): void {
  const folder = auditFolder();
  // Shorter values (a state, a small number) would be found in logs by chance.
  if (!folder || token.length < 16) return;
  fs.writeSync(fileOf(folder, 'tokens'), `${JSON.stringify({ token, kind })}\n`);
}

/** What this worker's test servers have logged so far; undefined when the run is not audited. */
export function workerLog(): string | undefined {
  const folder = auditFolder();
  if (!folder) return undefined;
  const file = workerFile(folder, 'log');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
}

/** Answer fields that carry a token the server issued (compared in lower case). */
const ISSUED_FIELDS = new Set([
  'token',
  'accesstoken',
  'access_token',
  'refreshtoken',
  'refresh_token',
  'idtoken',
  'id_token',
]);

/**
 * Address parameters and form fields that carry one: an authorization code travels only so (a
 * `code` in a JSON answer is a finding's or a country's).
 */
const ISSUED_PARAMETERS = new Set([...ISSUED_FIELDS, 'code']);

const PARAMETER = /[?&#](\w+)=([^&#"'\s<>]+)/g;
const HIDDEN_INPUT = /name="(\w+)"\s+value="([^"]+)"/g;
const SELF_SERVICE_PAGE = /\/kyc\/selfservice\/([\w-]+)/g;

function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function tokensInText(text: string, kind: (name: string) => string): void {
  for (const pattern of [PARAMETER, HIDDEN_INPUT]) {
    for (const [, name, value] of text.matchAll(pattern)) {
      if (ISSUED_PARAMETERS.has(name!.toLowerCase())) recordToken(decoded(value!), kind(name!));
    }
  }
  for (const [, token] of text.matchAll(SELF_SERVICE_PAGE))
    recordToken(token!, kind('self-service link'));
}

function tokensInJson(value: unknown, kind: (name: string) => string): void {
  const pending = [value];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next === 'string') tokensInText(next, kind);
    else if (next !== null && typeof next === 'object') {
      for (const [key, child] of Object.entries(next)) {
        if (typeof child === 'string' && ISSUED_FIELDS.has(key.toLowerCase())) {
          recordToken(child, kind(key));
        }
        pending.push(child);
      }
    }
  }
}

const MAX_WATCHED_BYTES = 1024 * 1024;
const TEXT = /json|text|javascript|x-www-form-urlencoded/;

function decompressed(body: Buffer, encoding: unknown): Buffer {
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  return body;
}

/** Notes every token in one answer: its body, its Location and its cookies. */
function recordAnswer(
  route: string,
  headers: Record<string, unknown>,
  chunks: Buffer[] | undefined,
): void {
  const kind = (name: string) => `${name} (${route})`;
  const header = (name: string) => headers[name] ?? headers[name.toLowerCase()];
  const location = header('location');
  if (typeof location === 'string') tokensInText(location, kind);
  const cookies = [header('set-cookie') ?? []].flat();
  for (const cookie of cookies) {
    const [name, value] = String(cookie).split(';')[0]!.split('=');
    if (value) recordToken(value, kind(`cookie ${name}`));
  }
  if (!chunks || !TEXT.test(String(header('content-type')))) return;
  const text = decompressed(Buffer.concat(chunks), header('content-encoding')).toString('utf8');
  try {
    tokensInJson(JSON.parse(text), kind);
  } catch {
    tokensInText(text, kind);
  }
}

const asBuffer = (chunk: unknown): Buffer | undefined =>
  typeof chunk === 'string'
    ? Buffer.from(chunk)
    : chunk instanceof Uint8Array
      ? Buffer.from(chunk)
      : undefined;

/**
 * Watches what a route answers, at the socket's side of Fastify (so also the identity
 * provider's answers, which oidc-provider writes itself), and notes every token in it.
 */
async function watchAnswer(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const route = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
  const response = reply.raw;
  let chunks: Buffer[] | undefined = [];
  let size = 0;
  let headers: Record<string, unknown> = {};
  const keep = (chunk: unknown) => {
    const buffer = asBuffer(chunk);
    if (!buffer || !chunks) return;
    size += buffer.length;
    chunks = size > MAX_WATCHED_BYTES ? undefined : [...chunks, buffer];
  };
  const { writeHead, write, end } = response;
  response.writeHead = function (this: typeof response, ...args: unknown[]) {
    const given = args.find((arg) => arg !== null && typeof arg === 'object');
    if (Array.isArray(given)) {
      for (let at = 0; at + 1 < given.length; at += 2) {
        headers[String(given[at]).toLowerCase()] = given[at + 1];
      }
    } else if (given) {
      headers = { ...headers, ...Object.fromEntries(Object.entries(given)) };
    }
    return (writeHead as (...a: unknown[]) => typeof response).apply(this, args);
  } as typeof writeHead;
  response.write = function (this: typeof response, chunk: unknown, ...rest: unknown[]) {
    keep(chunk);
    return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof write;
  response.end = function (this: typeof response, chunk?: unknown, ...rest: unknown[]) {
    if (typeof chunk !== 'function') keep(chunk);
    recordAnswer(route, { ...response.getHeaders(), ...headers }, chunks);
    return (end as (...a: unknown[]) => typeof response).call(this, chunk, ...rest);
  } as typeof end;
}

function watchAnswers(route: RouteOptions): void {
  const hooks = route.onRequest ? [route.onRequest].flat() : [];
  route.onRequest = [watchAnswer, ...hooks] as RouteOptions['onRequest'];
}

/**
 * While a run is audited, what a test's app needs: its log level (for LOG_LEVEL), and for
 * buildApp the log's destination and the watch on every route's answers. Undefined otherwise.
 */
export function audited():
  { level: string; build: Required<Pick<BuildOptions, 'onRoute' | 'logStream'>> } | undefined {
  const folder = auditFolder();
  if (!folder) return undefined;
  return {
    level: AUDIT_LEVEL,
    build: {
      onRoute: watchAnswers,
      logStream: { write: (line) => void fs.writeSync(fileOf(folder, 'log'), line) },
    },
  };
}

/** Cuts a log line into the words a token could be: runs of base64url, with and without dots. */
function wordsOf(line: string): string[] {
  const runs = line.match(/[\w.~-]{16,}/g) ?? [];
  return runs.flatMap((run) => [run, ...run.split('.')]);
}

function readLines(folder: string, prefix: string): { file: string; lines: string[] }[] {
  return fs
    .readdirSync(folder)
    .filter((name) => name.startsWith(`${prefix}-`))
    .map((name) => ({
      file: path.join(folder, name),
      lines: fs.readFileSync(path.join(folder, name), 'utf8').split('\n').filter(Boolean),
    }));
}

function describeLine(line: string): string {
  try {
    const entry = JSON.parse(line) as { msg?: string; req?: { method?: string; url?: string } };
    if (entry.req?.url) return `${entry.req.method ?? ''} ${entry.req.url}`.trim();
    return entry.msg ?? line.slice(0, 300);
  } catch {
    return line.slice(0, 300);
  }
}

/** Every noted token that appears in a log line of the run in `folder`. */
export function findLeaks(folder: string): Leak[] {
  const issued = new Map<string, string>();
  for (const { lines } of readLines(folder, 'tokens')) {
    for (const line of lines) {
      const { token, kind } = JSON.parse(line) as IssuedToken;
      issued.set(token, kind);
    }
  }
  const leaks: Leak[] = [];
  for (const { file, lines } of readLines(folder, 'log')) {
    lines.forEach((line, index) => {
      const found = new Set(wordsOf(line).filter((word) => issued.has(word)));
      for (const token of found) {
        leaks.push({
          token,
          kind: issued.get(token)!,
          where: `${file}:${index + 1}`,
          line: describeLine(line),
        });
      }
    });
  }
  return leaks;
}

/**
 * Vitest's global set-up of the server tests: makes the run's folder, and at the end fails
 * the run when a log line holds a token the servers issued, naming each (its kind, where it
 * was issued, and the logged line's address) with a non-zero exit code. The folder is kept
 * then, for a closer look.
 */
export default function setup(): () => void {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'nt24-log-audit-'));
  process.env[AUDIT_FOLDER] = folder;
  return () => {
    const leaks = findLeaks(folder);
    if (leaks.length === 0) {
      fs.rmSync(folder, { recursive: true, force: true });
      return;
    }
    const byKind = new Map<string, Leak[]>();
    for (const leak of leaks) byKind.set(leak.kind, [...(byKind.get(leak.kind) ?? []), leak]);
    const shown = [...byKind].map(
      ([kind, [first, ...more]]) =>
        `- ${kind}: in ${first!.where} (${first!.line})` +
        (more.length ? ` and ${more.length} more line(s)` : ''),
    );
    // Vitest reports an error of a global teardown but does not fail the run for it.
    process.exitCode = 1;
    throw new Error(
      `${leaks.length} issued token(s) found in the test run's log (kept in ${folder}):\n` +
        `${shown.join('\n')}`,
    );
  };
}
