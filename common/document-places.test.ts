import { describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES, UPLOAD_PLACES } from './documents.js';
import { KYC_EVIDENCE_TYPES, PLACE_DOCUMENT_TYPES, placeOf, typeRefusal } from './kyc.js';

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
  });

  it("takes at each place only the papers of its owner: an order's, a transport's, a file's", () => {
    expect(typeRefusal('CMR', 'leg')).toBeNull();
    expect(typeRefusal('INVOICE', 'order')).toBeNull();
    expect(typeRefusal('COC_EXTRACT', 'order')).toBe(
      "COC_EXTRACT is not a type for an order's papers",
    );
    expect(typeRefusal('PURCHASE_ORDER', 'shipment')).not.toBeNull();
    expect(typeRefusal('ID_DOCUMENT', 'leg')).not.toBeNull();
    expect(typeRefusal('CMR', 'link')).toBe("CMR is not a type for a self-service link's file");
    expect(PLACE_DOCUMENT_TYPES.link).toEqual(KYC_EVIDENCE_TYPES);
    expect(PLACE_DOCUMENT_TYPES.shipment).toEqual(PLACE_DOCUMENT_TYPES.leg);
    // A company files any paper; every type has a place.
    expect(PLACE_DOCUMENT_TYPES.company).toEqual(
      DOCUMENT_TYPES.filter((type) => type !== 'PROFILE_PICTURE'),
    );
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
