import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_TYPES,
  PLACE_DOCUMENT_TYPES,
  placeOf,
  typeRefusal,
  UPLOAD_PLACES,
} from './documents.js';
import { STEP_DOCUMENT_TYPES } from './kyc.js';
import { ORDER_DOCUMENT_TYPES } from './orders.js';
import { SHIPMENT_DOCUMENT_TYPES } from './shipments.js';

describe('document types by place (decision 043)', () => {
  it('keeps PROFILE_PICTURE to the profile picture, and the profile picture to it', () => {
    for (const place of UPLOAD_PLACES) {
      expect(PLACE_DOCUMENT_TYPES[place].includes('PROFILE_PICTURE'), place).toBe(
        place === 'profile',
      );
    }
    expect(PLACE_DOCUMENT_TYPES.profile).toEqual(['PROFILE_PICTURE']);
    expect(typeRefusal('PROFILE_PICTURE', 'shipment')).toBe(
      "PROFILE_PICTURE is not a type for a shipment's papers",
    );
    expect(typeRefusal('CMR', 'leg')).toBeNull();
  });

  it('takes at each place the types the app offers there', () => {
    const offered = [
      ['order', ORDER_DOCUMENT_TYPES],
      ['shipment', SHIPMENT_DOCUMENT_TYPES],
      ['leg', SHIPMENT_DOCUMENT_TYPES],
      ['company', Object.values(STEP_DOCUMENT_TYPES).flat()],
      ['link', Object.values(STEP_DOCUMENT_TYPES).flat()],
    ] as const;
    for (const [place, types] of offered) {
      expect(PLACE_DOCUMENT_TYPES[place], place).toEqual(expect.arrayContaining([...types]));
    }
    expect(
      DOCUMENT_TYPES.every((type) => UPLOAD_PLACES.some((place) => !typeRefusal(type, place))),
    ).toBe(true);
  });

  it('finds a stored document’s place from its owner columns', () => {
    const none = {
      tradePartnerId: 1,
      kycId: null,
      orderId: null,
      shipmentId: null,
      transportId: null,
    };
    expect(placeOf({ ...none, tradePartnerId: null })).toBe('profile');
    expect(placeOf(none)).toBe('company');
    expect(placeOf({ ...none, kycId: 3 })).toBe('link');
    expect(placeOf({ ...none, orderId: 3 })).toBe('order');
    expect(placeOf({ ...none, shipmentId: 3 })).toBe('shipment');
    expect(placeOf({ ...none, shipmentId: 3, transportId: 4 })).toBe('leg');
  });
});
