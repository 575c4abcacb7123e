import { postCodeRefusal } from '#common/company-rules.js';
import { ValidationError } from '#server/errors.js';

/** 400 at `field` when the post code is not one of the address's country (decision 028). */
export function checkPostCode(field: string, address: { postCode: string; country: string }) {
  const refusal = postCodeRefusal(address.postCode, address.country);
  if (refusal) {
    throw new ValidationError(`${field}: ${refusal.message}`, [
      { field, message: refusal.message },
    ]);
  }
}
