/** The demo KYC files as data: who did what, when, and what the partner filled in. */
import type { KycStatus, KycStepStatus, KycStepType } from '../../../../common/kyc.js';

export const DAY = 24 * 60 * 60 * 1000;

export type Username = 'owner' | 'partner' | 'employee' | 'manager';

/** One thing that happened to a file: a move of the file, or a step decision. */
export type Event =
  | {
      kind: 'move';
      to: KycStatus;
      by: Username;
      daysAgo: number;
      comment?: string;
      isCompliant?: boolean;
    }
  | { kind: 'steps'; to: KycStepStatus; by: Username; daysAgo: number; requested?: string };

export interface DemoFile {
  /** The demo company, by its CoC number (partners/demo-data.ts). */
  cocNumber: string;
  createdBy: Username;
  createdDaysAgo: number;
  data: Partial<Record<KycStepType, Record<string, unknown>>>;
  story: Event[];
}

const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);

const move = (
  to: KycStatus,
  by: Username,
  daysAgo: number,
  extra: { comment?: string; isCompliant?: boolean } = {},
): Event => ({ kind: 'move', to, by, daysAgo, ...extra });

/**
 * The demo files, each told as the story of how it got where it is. The browser journeys use
 * Van Dijk's (IN_REVIEW, reviewer Eva Jansen, every step PENDING); Müller's is APPROVED by
 * Mark de Vries, so its owner may start the next one; Rossi's waits for a reviewer. The demo
 * seeds no documents, so the people name no ID document (`idDocumentId`, decision 013): their
 * contacts steps read as incomplete, as they would for a file from before issue 7.
 */
export function demoFiles(): DemoFile[] {
  return [
    {
      cocNumber: '12345678',
      createdBy: 'owner',
      createdDaysAgo: 12,
      data: {
        coc: {
          cocNumber: '12345678',
          registeredName: 'Van Dijk Logistics B.V.',
          legalForm: 'B.V.',
          registrationDate: '2011-03-14',
          extractDate: isoDay(61),
        },
        contacts: {
          people: [
            {
              firstName: 'Olivia',
              lastName: 'Smit',
              role: 'DIRECTOR',
              ownershipPercentage: 60,
              dateOfBirth: '1979-09-09',
              nationality: 'NL',
            },
            {
              firstName: 'Hendrik',
              lastName: 'van Dijk',
              role: 'UBO',
              ownershipPercentage: 40,
              dateOfBirth: '1956-02-11',
              nationality: 'NL',
            },
            {
              firstName: 'Jan',
              lastName: 'de Boer',
              role: 'AUTHORISED_SIGNATORY',
              dateOfBirth: '1983-04-21',
              nationality: 'NL',
            },
          ],
        },
        addresses: {
          registered: {
            street: 'Waalhaven Zuidzijde',
            houseNumber: '21',
            postCode: '3089 JH',
            city: 'Rotterdam',
            country: 'NL',
          },
          operating: {
            street: 'Europaweg',
            houseNumber: '875',
            postCode: '3199 LD',
            city: 'Maasvlakte Rotterdam',
            country: 'NL',
          },
        },
      },
      story: [move('SUBMITTED', 'owner', 8), move('IN_REVIEW', 'employee', 6)],
    },
    {
      cocNumber: 'HRB123456',
      createdBy: 'partner',
      createdDaysAgo: 75,
      data: {
        coc: {
          cocNumber: 'HRB123456',
          registeredName: 'Müller Handels GmbH',
          legalForm: 'GmbH',
          registrationDate: '2004-06-01',
          extractDate: isoDay(74),
        },
        contacts: {
          people: [
            {
              firstName: 'Olivia',
              lastName: 'Smit',
              role: 'DIRECTOR',
              ownershipPercentage: 100,
              dateOfBirth: '1979-09-09',
              nationality: 'NL',
            },
            {
              firstName: 'Peter',
              lastName: 'Bakker',
              role: 'AUTHORISED_SIGNATORY',
              dateOfBirth: '1985-01-30',
              nationality: 'NL',
            },
          ],
        },
        addresses: {
          registered: {
            street: 'Leopoldstraße',
            houseNumber: '45',
            postCode: '80802',
            city: 'München',
            country: 'DE',
          },
        },
        'bank-and-vat': {
          iban: 'DE89370400440532013000',
          accountHolder: 'Müller Handels GmbH',
          vatNumber: 'DE812345673',
        },
        cdd: {
          businessActivity: 'Wholesale of industrial fasteners and fittings',
          countriesOfOperation: ['DE', 'AT', 'NL'],
          expectedMonthlyVolume: '85000.00',
          sourceOfFunds: 'Revenue from trading activities',
          pepDeclared: false,
          sanctionsDeclared: false,
        },
      },
      story: [
        move('SUBMITTED', 'partner', 70),
        move('IN_REVIEW', 'employee', 68),
        {
          kind: 'steps',
          to: 'WAITING_FOR_APPROVAL',
          by: 'employee',
          daysAgo: 64,
          requested: 'COMPLETED',
        },
        move('WAITING_FOR_APPROVAL', 'employee', 64, { isCompliant: true }),
        { kind: 'steps', to: 'APPROVED', by: 'manager', daysAgo: 62 },
        move('APPROVED', 'manager', 62, {
          isCompliant: true,
          comment: 'All documents verified; low risk.',
        }),
      ],
    },
    {
      cocNumber: 'MI1234567',
      createdBy: 'owner',
      createdDaysAgo: 4,
      data: {},
      story: [move('SUBMITTED', 'owner', 2)],
    },
  ];
}
