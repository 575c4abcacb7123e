import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findProjectRoot, projectRoot } from './project-root.js';

describe('the project root', () => {
  let root: string;

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'nt24-root-'));
    await fs.writeFile(path.join(root, 'package.json'), '{}');
    await fs.mkdir(path.join(root, 'server/src/db'), { recursive: true });
    await fs.mkdir(path.join(root, 'build/server/src/db'), { recursive: true });
  });
  afterAll(() => fs.rm(root, { recursive: true, force: true }));

  it('is the same from the sources and from the compiled build', () => {
    expect(findProjectRoot(path.join(root, 'server/src/db'))).toBe(root);
    expect(findProjectRoot(path.join(root, 'build/server/src/db'))).toBe(root);
  });

  it('holds what the server reads at run time', async () => {
    await expect(
      fs.access(path.join(projectRoot, 'server/drizzle/meta/_journal.json')),
    ).resolves.toBeUndefined();
    await expect(
      fs.access(path.join(projectRoot, 'public/assets/i18n/en.json')),
    ).resolves.toBeUndefined();
  });
});
