import { createSessionRelay } from '@/lib/session-relay';
import type { SessionListener } from '@/lib/keycloak';
import type { TokenIdentity } from '@/lib/token';

const identity: TokenIdentity = {
  identityId: 'mark',
  username: 'mark',
  email: null,
  givenName: null,
  familyName: null,
  roles: [],
  expiresAt: null,
};

function recorder(log: string[]): SessionListener {
  return {
    authenticated: () => log.push('authenticated'),
    tokenRefreshed: () => log.push('tokenRefreshed'),
    notice: (kind) => log.push(kind),
  };
}

describe('createSessionRelay', () => {
  it('keeps the events until a listener comes, then replays them in order', () => {
    const relay = createSessionRelay();
    relay.listener.authenticated(identity);
    relay.listener.notice('session_refreshed');
    relay.listener.tokenRefreshed(identity);

    const log: string[] = [];
    relay.attach(recorder(log));

    expect(log).toEqual(['authenticated', 'session_refreshed', 'tokenRefreshed']);
  });

  it('passes later events straight on, once', () => {
    const relay = createSessionRelay();
    const log: string[] = [];
    relay.attach(recorder(log));

    relay.listener.notice('refresh_failed');
    relay.listener.tokenRefreshed(identity);

    expect(log).toEqual(['refresh_failed', 'tokenRefreshed']);
  });
});
