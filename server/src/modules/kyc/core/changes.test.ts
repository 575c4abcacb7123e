import { describe, expect, it } from 'vitest';
import { fieldChanges } from './changes.js';

describe('fieldChanges', () => {
  it('lists nothing for equal data, whatever the key order', () => {
    expect(fieldChanges({ a: 1, b: { c: 'x' } }, { b: { c: 'x' }, a: 1 })).toEqual([]);
  });

  it('names each changed leaf by its dotted path', () => {
    expect(
      fieldChanges(
        { iban: 'NL91ABNA0417164300', registered: { city: 'Utrecht', country: 'NL' } },
        { iban: 'DE89370400440532013000', registered: { city: 'Amersfoort', country: 'NL' } },
      ),
    ).toEqual([
      { field: 'iban', before: 'NL91ABNA0417164300', after: 'DE89370400440532013000' },
      { field: 'registered.city', before: 'Utrecht', after: 'Amersfoort' },
    ]);
  });

  it('compares arrays per index: an added or removed item shows as its leaves', () => {
    const anna = { firstName: 'Anna', idDocumentId: 4 };
    const bram = { firstName: 'Bram', ownershipPercentage: 60 };
    expect(fieldChanges({ people: [anna] }, { people: [anna, bram] })).toEqual([
      { field: 'people.1.firstName', before: null, after: 'Bram' },
      { field: 'people.1.ownershipPercentage', before: null, after: 60 },
    ]);
    expect(fieldChanges({ people: [anna, bram] }, { people: [bram] })).toEqual([
      { field: 'people.0.firstName', before: 'Anna', after: 'Bram' },
      { field: 'people.0.idDocumentId', before: 4, after: null },
      { field: 'people.0.ownershipPercentage', before: null, after: 60 },
      { field: 'people.1.firstName', before: 'Bram', after: null },
      { field: 'people.1.ownershipPercentage', before: 60, after: null },
    ]);
  });

  it('treats null as absent, and a value turned into an object as its leaves', () => {
    expect(fieldChanges({ operating: null, vatNumber: 'X' }, { vatNumber: 'X' })).toEqual([]);
    expect(fieldChanges({ pepDeclared: false }, { pepDeclared: true })).toEqual([
      { field: 'pepDeclared', before: false, after: true },
    ]);
    expect(fieldChanges({ operating: 'none' }, { operating: { city: 'Delft' } })).toEqual([
      { field: 'operating', before: 'none', after: null },
      { field: 'operating.city', before: null, after: 'Delft' },
    ]);
  });
});
