import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// What the server sends as text; source maps are left alone (only developers fetch them).
const TEXT = /\.(html|js|mjs|css|json|svg|txt|xml|webmanifest)$/;

/** Every text file under `dir`, as paths relative to it. */
async function textFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && TEXT.test(entry.name))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) next to `file`. */
export async function compressFile(file: string): Promise<void> {
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}

/**
 * Brotli and gzip copies of the built app's text files, written once at build so the server
 * sends them as they are (@fastify/static `preCompressed`) instead of compressing per request.
 * node:zlib does it in a few lines; a plugin would add a dependency for the same two calls.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'nt24:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await textFiles(outDir);
      await Promise.all(files.map((file) => compressFile(path.join(outDir, file))));
    },
  };
}
