// Test data for the trade partner screens' tests: answers as docs/api/partners.md shapes them.
import type { SearchResult } from '@common/search';

export const acmeUuid = '0b8f5d2a-1c3e-4f5a-9b7c-2d4e6f8a0b1c';

export function partnerJson(overrides: Record<string, unknown> = {}) {
  return {
    id: 42,
    uuid: acmeUuid,
    name: 'Acme Logistics B.V.',
    email: 'info@acme.example',
    phone: '+31201234567',
    website: 'www.acme.example',
    legalForm: 'B.V.',
    cocNumber: '87654321',
    vatNumber: 'NL987654321B01',
    country: 'NL',
    verified: true,
    termsAccepted: false,
    termsAcceptedVersion: null,
    termsAcceptedAt: null,
    termsAcceptedBy: null,
    role: null,
    accessLevel: null,
    isOwner: false,
    addresses: [
      {
        id: 7,
        uuid: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
        type: 'REGISTERED',
        country: 'NL',
        city: 'Rotterdam',
        street: 'Coolsingel',
        houseNumber: '40',
        postCode: '3011 AD',
        position: 0,
        version: 1,
      },
    ],
    tradePartnerContacts: [
      {
        id: 3,
        uuid: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
        tradePartnerId: 42,
        userId: null,
        firstName: 'Olivia',
        lastName: 'Smit',
        email: 'olivia@acme.example',
        phone: null,
        jobTitle: 'Director',
        version: 1,
      },
      {
        id: 4,
        uuid: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
        tradePartnerId: 42,
        userId: null,
        firstName: null,
        lastName: null,
        email: null,
        phone: '+31600000000',
        jobTitle: null,
        version: 1,
      },
    ],
    version: 1,
    createdAt: '2025-03-04T09:00:00.000Z',
    updatedAt: '2025-03-04T09:00:00.000Z',
    ...overrides,
  };
}

export const membersJson = [
  {
    userId: 5,
    userUuid: '3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f',
    firstName: 'Olivia',
    lastName: 'Smit',
    email: 'olivia@acme.example',
    role: 'OWNER',
    accessLevel: 'OWNER',
    version: 1,
  },
  {
    userId: 6,
    userUuid: '4d5e6f7a-8b9c-4d0e-9f1a-3b4c5d6e7f8a',
    firstName: 'Carlos',
    lastName: 'Romero',
    email: 'carlos@acme.example',
    role: 'CONTACT',
    accessLevel: 'VIEWER',
    version: 1,
  },
];

export const invitationJson = {
  id: 9,
  uuid: '6f7a8b9c-0d1e-4f2a-8b3c-5d6e7f8a9b0c',
  tradePartnerId: 42,
  email: 'new.person@example.com',
  accessLevel: 'EDITOR',
  status: 'OPEN',
  createdAt: '2025-03-05T09:00:00.000Z',
  expiresAt: '2025-03-19T09:00:00.000Z',
  acceptedAt: null,
};

export function searchResult(
  resultType: SearchResult['resultType'],
  confidence: number,
  uuid: string | null = acmeUuid,
): SearchResult {
  return {
    resultType,
    confidence,
    matches:
      resultType === 'NOT_FOUND'
        ? []
        : [
            {
              uuid,
              name: 'Acme Logistics B.V.',
              cocNumber: '87654321',
              vatNumber: 'NL987654321B01',
              country: 'NL',
              confidence,
              reasons: [{ field: 'cocNumber', match: 'EXACT' }],
            },
          ],
  };
}
