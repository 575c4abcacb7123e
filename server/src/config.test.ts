import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('the portal address', () => {
  it('follows PORT when PUBLIC_URL is not set, and the development issuer with it', () => {
    const config = loadConfig({ PORT: '18080' });
    expect(config.publicUrl).toBe('http://localhost:18080');
    expect(config.oidc.issuer).toBe('http://localhost:18080/realms/nt24');
  });

  it('is PUBLIC_URL when set, without a trailing slash', () => {
    const config = loadConfig({ PORT: '18080', PUBLIC_URL: 'https://portal.nt24.example/' });
    expect(config.publicUrl).toBe('https://portal.nt24.example');
  });

  it('is localhost:8080 with neither', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:8080');
  });
});
