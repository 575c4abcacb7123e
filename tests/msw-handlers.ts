import { http, HttpResponse } from 'msw';
import type { User } from '@/features/user/userApi';

export const markIdentityId = 'kc-mark-de-vries';

export const markDeVries: User = {
  id: 7,
  uuid: '3f1d2c4b-5a6e-4f70-8a9b-0c1d2e3f4a5b',
  identityId: markIdentityId,
  username: 'mark',
  email: 'mark.devries@example.com',
  firstName: 'Mark',
  lastName: 'de Vries',
  mobile: '+31612345678',
  birthday: '1985-04-12',
  country: 'NL',
  nationality: 'NL',
  sex: 'MALE',
  profilePicture: null,
  roles: ['NT24_MANAGER'],
};

/** The server's one error shape. */
export const errorBody = (statusCode: number, error: string, message: string) => ({
  statusCode,
  error,
  message,
});

/** The happy path: Mark already has a user record. Tests override with `server.use(...)`. */
export const handlers = [
  http.post('/api/auth/keycloak/ensure-user', () =>
    HttpResponse.json({ userExists: true, userId: markDeVries.id }),
  ),
  http.get('/api/users/keycloak/:identityId', ({ params }) =>
    params.identityId === markIdentityId
      ? HttpResponse.json(markDeVries)
      : HttpResponse.json(errorBody(404, 'Not Found', 'User not found'), { status: 404 }),
  ),
];
