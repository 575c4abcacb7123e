import { http, HttpResponse } from 'msw';
import { TERMS_VERSION, termsDocumentPath } from '@common/terms';
import type { User } from '@common/users';
import termsEn from '../public/assets/terms/1.0/en.json';

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

/** Countries as GET /api/utils/countries gives them (unsorted, one item lacking a name). */
export const countriesResponse = [
  { code: 'NL', name: 'Netherlands' },
  { code: 'DE', name: 'Germany' },
  { code: 'BE', name: 'Belgium' },
  { code: 'XX', name: '' },
];

/** Mark's company, complete (company data and address), which he owns. */
export const deVriesTrading = {
  id: 11,
  uuid: '6b0f7c1e-2d3a-4b5c-8d9e-0f1a2b3c4d5e',
  name: 'De Vries Trading B.V.',
  email: 'info@devries-trading.example',
  phone: '+31201234567',
  website: 'www.devries-trading.example',
  legalForm: 'B.V.',
  cocNumber: '12345678',
  vatNumber: 'NL123456789B01',
  country: 'NL',
  verified: false,
  termsAccepted: false,
  termsAcceptedVersion: null,
  termsAcceptedAt: null,
  termsAcceptedBy: null,
  role: 'OWNER',
  accessLevel: 'OWNER',
  isOwner: true,
  addresses: [
    {
      id: 21,
      uuid: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
      type: 'REGISTERED',
      country: 'NL',
      city: 'Amsterdam',
      street: 'Damrak',
      houseNumber: '1',
      postCode: '1012 LG',
      position: 0,
      version: 1,
    },
  ],
  tradePartnerContacts: [],
  version: 1,
  createdAt: '2025-01-02T10:00:00.000Z',
  updatedAt: '2025-01-02T10:00:00.000Z',
};

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
  http.get('/api/utils/countries', () => HttpResponse.json(countriesResponse)),
  // The terms in force, in English whatever the language asked for.
  http.get(termsDocumentPath(TERMS_VERSION, ':language'), () => HttpResponse.json(termsEn)),
  http.get('/api/users/uuid/:uuid/trade-partners', () => HttpResponse.json([deVriesTrading])),
  // The dashboard's orders card, for staff (issue 20).
  http.get('/api/orders/counts', () => HttpResponse.json({ held: 0, open: 0 })),
];
