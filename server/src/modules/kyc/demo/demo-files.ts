/** The demo KYC files as data: who did what, when, and what the partner filled in. */
import type { KycStatus, KycStepStatus, KycStepType } from '#common/kyc.js';
import type { DemoDocument } from './demo-documents.js';

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
  /** The company's documents the file relies on, uploaded by its creator. */
  documents?: DemoDocument[];
  /** The step data; `documentId` gives the id of one of `documents` by its name. */
  data: (documentId: (name: string) => number) => Partial<Record<KycStepType, StepData>>;
  story: Event[];
}

type StepData = Record<string, unknown>;

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
 * Mark de Vries (six of six steps approved; a manager may start its next file, decision 029); Rossi's waits for a reviewer, complete
 * with its documents, its CoC extract eight months old and a politically exposed person
 * declared (risk HIGH), for the review loop's journey. Van Dijk's and Müller's people name no
 * ID document (`idDocumentId`, decision 013): their contacts steps read as incomplete, as they
 * would for a file from before issue 7.
 */
export function demoFiles(): DemoFile[] {
  return [
    {
      cocNumber: '12345678',
      createdBy: 'owner',
      createdDaysAgo: 12,
      data: () => ({
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
      }),
      story: [move('SUBMITTED', 'owner', 8), move('IN_REVIEW', 'employee', 6)],
    },
    {
      cocNumber: 'HRB123456',
      createdBy: 'partner',
      createdDaysAgo: 75,
      data: () => ({
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
      }),
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
      documents: [
        {
          name: 'extract',
          type: 'COC_EXTRACT',
          fileName: 'visura-camerale-rossi-trasporti.pdf',
          title: 'Visura camerale ordinaria',
          lines: [
            'Camera di Commercio di Milano Monza Brianza Lodi',
            'Rossi Trasporti S.r.l. - REA MI-1234567',
            `Estratto del ${isoDay(240)}`,
          ],
          daysAgo: 4,
        },
        {
          name: 'olivia',
          type: 'ID_DOCUMENT',
          fileName: 'passport-olivia-smit.pdf',
          title: 'Passport - Kingdom of the Netherlands',
          lines: ['Smit, Olivia', 'Born 09-09-1979', 'Valid until 2031-04-30'],
          daysAgo: 4,
        },
        {
          name: 'marco',
          type: 'ID_DOCUMENT',
          fileName: 'carta-identita-marco-rossi.pdf',
          title: "Carta d'identità elettronica",
          lines: ['Rossi, Marco', 'Nato il 14-08-1962 a Milano', 'Scadenza 2029-08-14'],
          daysAgo: 4,
        },
        {
          name: 'bill',
          type: 'PROOF_OF_ADDRESS',
          fileName: 'bolletta-a2a-via-verdi.pdf',
          title: 'Bolletta energia elettrica',
          lines: [
            'Rossi Trasporti S.r.l.',
            'Via Giuseppe Verdi 12, 20121 Milano',
            'Periodo: ultimo bimestre',
          ],
          daysAgo: 4,
        },
        {
          name: 'statement',
          type: 'BANK_STATEMENT',
          fileName: 'estratto-conto-rossi-trasporti.pdf',
          title: 'Estratto conto corrente',
          lines: ['Intestatario: Rossi Trasporti S.r.l.', 'IBAN IT60 X054 2811 1010 0000 0123 456'],
          daysAgo: 4,
        },
      ],
      data: (documentId) => ({
        coc: {
          cocNumber: 'MI1234567',
          registeredName: 'Rossi Trasporti S.r.l.',
          legalForm: 'S.r.l.',
          registrationDate: '1998-05-20',
          extractDate: isoDay(240),
        },
        contacts: {
          people: [
            {
              firstName: 'Olivia',
              lastName: 'Smit',
              role: 'DIRECTOR',
              dateOfBirth: '1979-09-09',
              nationality: 'NL',
              idDocumentId: documentId('olivia'),
            },
            {
              firstName: 'Marco',
              lastName: 'Rossi',
              role: 'UBO',
              ownershipPercentage: 70,
              dateOfBirth: '1962-08-14',
              nationality: 'IT',
              idDocumentId: documentId('marco'),
            },
          ],
        },
        addresses: {
          registered: {
            street: 'Via Giuseppe Verdi',
            houseNumber: '12',
            postCode: '20121',
            city: 'Milano',
            country: 'IT',
          },
        },
        'bank-and-vat': {
          iban: 'IT60X0542811101000000123456',
          accountHolder: 'Rossi Trasporti S.r.l.',
          vatNumber: 'IT04567890126',
        },
        cdd: {
          businessActivity: 'Road freight between Italy, Switzerland and Germany',
          countriesOfOperation: ['IT', 'CH', 'DE'],
          expectedMonthlyVolume: '140000.00',
          sourceOfFunds: 'Freight revenue from contracted customers',
          pepDeclared: true,
          sanctionsDeclared: false,
        },
      }),
      story: [move('SUBMITTED', 'owner', 2)],
    },
  ];
}
