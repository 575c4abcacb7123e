import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding the project's package.json: the nearest one above `from`. It is the same
 * whether the server runs from its TypeScript sources (`server/src`) or from the build
 * (`build/server/src`, which has no package.json of its own), so the files the server reads at
 * run time (migrations, the app's translations) are found from either.
 */
export function findProjectRoot(from: string): string {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));
