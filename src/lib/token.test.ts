import { identityFromClaims, refreshDelayMs, refreshFailure } from '@/lib/token';

describe('refreshDelayMs', () => {
  const now = Date.UTC(2025, 9, 26, 12, 0, 0);
  const inSeconds = (s: number) => now / 1000 + s;

  it('refreshes at 70 % of the remaining lifetime', () => {
    expect(refreshDelayMs(inSeconds(300), now)).toBe(210_000);
    expect(refreshDelayMs(inSeconds(100), now)).toBe(70_000);
  });

  it('never schedules sooner than 10 s while the token is still valid', () => {
    expect(refreshDelayMs(inSeconds(14), now)).toBe(10_000);
    expect(refreshDelayMs(inSeconds(1), now)).toBe(10_000);
  });

  it('refreshes at once when the token has already expired', () => {
    expect(refreshDelayMs(inSeconds(0), now)).toBe(0);
    expect(refreshDelayMs(inSeconds(-60), now)).toBe(0);
  });
});

describe('identityFromClaims', () => {
  it('reads subject, names, e-mail, expiry and realm roles', () => {
    expect(
      identityFromClaims({
        sub: 'kc-1',
        preferred_username: 'mark',
        email: 'mark@example.com',
        given_name: 'Mark',
        family_name: 'de Vries',
        exp: 1_761_480_000,
        realm_access: { roles: ['NT24_MANAGER', 'offline_access'] },
      }),
    ).toEqual({
      identityId: 'kc-1',
      username: 'mark',
      email: 'mark@example.com',
      givenName: 'Mark',
      familyName: 'de Vries',
      roles: ['NT24_MANAGER', 'offline_access'],
      expiresAt: 1_761_480_000,
    });
  });

  it('tolerates missing claims and needs a subject', () => {
    expect(identityFromClaims({ sub: 'kc-2' })).toMatchObject({ username: null, roles: [] });
    expect(identityFromClaims({ preferred_username: 'x' })).toBeNull();
    expect(identityFromClaims(undefined)).toBeNull();
  });
});

describe('refreshFailure', () => {
  const answered = (status: number) =>
    Object.assign(new Error('Server responded with an invalid status.'), {
      response: new Response(null, { status }),
    });

  it('reads a refused refresh token as an ended session', () => {
    expect(refreshFailure(answered(400))).toBe('ended');
    expect(refreshFailure(answered(401))).toBe('ended');
    expect(refreshFailure(new Error('Unable to update token, no refresh token available.'))).toBe(
      'ended',
    );
  });

  it('reads no answer as an unreachable identity provider', () => {
    expect(refreshFailure(new TypeError('Failed to fetch'))).toBe('unreachable');
  });

  it('reads any other answer as a failed refresh', () => {
    expect(refreshFailure(answered(500))).toBe('failed');
    expect(refreshFailure(answered(503))).toBe('failed');
  });
});
