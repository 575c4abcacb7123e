import type { Address } from '@common/partners';

/** An address on one line, as a choice or a list shows it: 'Damrak 1, 1012 LG Amsterdam'. */
export const addressLine = (
  address: Pick<Address, 'street' | 'houseNumber' | 'postCode' | 'city'>,
) =>
  [
    [address.street, address.houseNumber].filter(Boolean).join(' '),
    [address.postCode, address.city].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
