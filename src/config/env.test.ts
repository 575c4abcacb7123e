import { parseEnv } from '@/config/env';

describe('parseEnv', () => {
  it('falls back to the documented defaults', () => {
    expect(parseEnv({}, 'https://portal.example')).toEqual({
      oidc: { url: 'https://portal.example', realm: 'nt24', clientId: 'nt24-web' },
      build: { version: '1.0.0', id: 'NT24-PROD-20251026', date: '2025-10-26', production: false },
    });
  });

  it('treats empty values as unset and reads the given ones', () => {
    const env = parseEnv(
      {
        VITE_OIDC_URL: 'https://sso.example/',
        VITE_OIDC_REALM: '',
        VITE_BUILD_ID: 'B-1',
        PROD: true,
      },
      'https://portal.example',
    );
    expect(env.oidc).toEqual({ url: 'https://sso.example', realm: 'nt24', clientId: 'nt24-web' });
    expect(env.build).toMatchObject({ id: 'B-1', production: true });
  });

  it('rejects an identity provider address that is not a URL', () => {
    expect(() => parseEnv({ VITE_OIDC_URL: 'not a url' }, 'https://portal.example')).toThrow();
  });
});
