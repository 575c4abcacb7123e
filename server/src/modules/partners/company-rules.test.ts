import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import {
  address,
  caller,
  createPartner,
  problems,
  signIn,
  uniqueCoc,
  unique,
  type Actor,
  type Caller,
} from '#server/testing/partners-fixtures.js';

/** Issue 18, point 6: onboarding follows the KYC step's rules for CoC numbers and post codes. */
describe.each(databaseTargets())('company rules: CoC numbers and post codes (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let owner: Actor;

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    owner = await signIn(server, 'owner', ['OWNER']);
  });
  afterAll(() => server.close());

  const register = (fields: Record<string, unknown>) =>
    call(owner, 'POST', '/api/partners', { name: unique('Rules '), address, ...fields });

  it("refuses a Dutch company's CoC number '12' and post code 'XXXXXX', each at its field", async () => {
    const coc = await register({ country: 'NL', cocNumber: '12' });
    expect(coc.statusCode).toBe(400);
    expect(problems(coc)).toEqual(['body.cocNumber: is not a CoC number of NL: 8 digits']);

    const post = await register({
      country: 'NL',
      cocNumber: uniqueCoc(),
      address: { ...address, postCode: 'XXXXXX' },
    });
    expect(post.statusCode).toBe(400);
    expect(problems(post)).toEqual(['body.address.postCode: is not a post code of NL']);
  });

  it('takes the country of registration from the address when the company names none', async () => {
    const response = await register({ cocNumber: '12' });
    expect(problems(response)).toEqual(['body.cocNumber: is not a CoC number of NL: 8 digits']);
  });

  it('accepts valid numbers and post codes in any notation, and other countries by their own rules', async () => {
    const coc = uniqueCoc();
    const dutch = await register({
      country: 'NL',
      cocNumber: `${coc.slice(0, 4)}.${coc.slice(4)}`,
      address: { ...address, postCode: '3511ax' },
    });
    expect(dutch.statusCode, dutch.body).toBe(201);
    expect(dutch.json()).toMatchObject({ cocNumber: coc });

    const german = await register({
      country: 'DE',
      cocNumber: `HRB ${String(Date.now()).slice(-6)}`,
      address: { ...address, country: 'DE', postCode: '80802', city: 'München' },
    });
    expect(german.statusCode, german.body).toBe(201);
    const wrongGerman = await register({
      country: 'DE',
      cocNumber: uniqueCoc(),
      address: { ...address, country: 'DE', postCode: '3511 AX' },
    });
    expect(problems(wrongGerman)).toEqual(['body.address.postCode: is not a post code of DE']);
  });

  it('checks an added or changed address, and the CoC number again when the country changes', async () => {
    const partner = await createPartner(server, owner);
    const url = `/api/partners/uuid/${partner.uuid}`;
    const added = await call(owner, 'POST', `${url}/addresses`, { ...address, postCode: 'XXXXXX' });
    expect(added.statusCode).toBe(400);
    expect(problems(added)).toEqual(['body.postCode: is not a post code of NL']);

    const first = (partner.addresses as { uuid: string }[])[0]!;
    const moved = await call(owner, 'PATCH', `${url}/addresses/${first.uuid}`, { country: 'BE' });
    expect(problems(moved)).toEqual(['body.postCode: is not a post code of BE']);
    const fixed = await call(owner, 'PATCH', `${url}/addresses/${first.uuid}`, {
      country: 'BE',
      postCode: '2000',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);

    const belgian = await call(owner, 'PATCH', url, { country: 'BE' });
    expect(belgian.statusCode).toBe(400);
    expect(problems(belgian)).toEqual([
      'body.cocNumber: is not a CoC number of BE: 10 digits starting with 0 or 1',
    ]);
  });
});
