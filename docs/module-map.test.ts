import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md is the newcomer's map (docs/adding-a-feature.md): every folder of the
 * app and of the server's modules is on it, named by its path in backticks (`features/orders/`
 * for src/features/orders, `modules/kyc/core/` for server/src/modules/kyc/core).
 */
const root = join(import.meta.dirname, '..');

function foldersUnder(base: string, prefix = ''): string[] {
  return readdirSync(join(root, base, prefix), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const path = `${prefix}${entry.name}/`;
      return [path, ...foldersUnder(base, path)];
    });
}

export function missingFromMap(map: string, folders: string[]): string[] {
  const named = new Set([...map.matchAll(/`([^`\s]+\/)`/g)].map((match) => match[1]));
  return folders.filter((folder) => !named.has(folder));
}

describe('the module map in docs/architecture.md', () => {
  const map = readFileSync(join(root, 'docs/architecture.md'), 'utf8');

  it('names every folder of the app', () => {
    expect(missingFromMap(map, foldersUnder('src'))).toEqual([]);
  });

  it("names every folder of the server's modules", () => {
    const modules = foldersUnder('server/src/modules').map((folder) => `modules/${folder}`);
    expect(missingFromMap(map, modules)).toEqual([]);
  });

  it('finds a folder added without its line', () => {
    expect(
      missingFromMap('| `features/orders/` | orders |', ['features/orders/', 'features/payments/']),
    ).toEqual(['features/payments/']);
  });
});
