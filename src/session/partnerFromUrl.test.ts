import { partnerFromPath } from '@/session/partnerFromUrl';

const uuid = '6b0f7c1e-2d3a-4b5c-8d9e-0f1a2b3c4d5e';

describe('partnerFromPath (SPEC section 2)', () => {
  it.each([
    [`/partners/${uuid}`, { id: null, uuid }],
    [`/partners/${uuid.toUpperCase()}`, { id: null, uuid }],
    [`/partners/${uuid}/contacts`, { id: null, uuid }],
    ['/partners/42', { id: 42, uuid: null }],
    ['/kyc/17', { id: 17, uuid: null }],
    ['/kyc/17/steps/coc', { id: 17, uuid: null }],
    [`/orders/modify/${uuid}`, { id: null, uuid }],
    ['/orders/modify/5', { id: 5, uuid: null }],
    [`/orders/detail/${uuid}`, { id: null, uuid }],
    ['/orders/detail/9', { id: 9, uuid: null }],
  ])('%s names %j', (path, expected) => {
    expect(partnerFromPath(path)).toEqual(expected);
  });

  it.each([
    '/dashboard',
    '/partners',
    '/partners/new',
    '/partners/0',
    '/partners/-3',
    '/partners/1.5',
    '/partners/007',
    `/kyc/${uuid}`,
    '/kyc/selfservice/abc',
    '/orders',
    '/orders/42',
    '/orders/modify/abc',
    '/partners/99999999999999999999',
    `/partners/${uuid}x`,
  ])('%s names no partner', (path) => {
    expect(partnerFromPath(path)).toEqual({ id: null, uuid: null });
  });
});
