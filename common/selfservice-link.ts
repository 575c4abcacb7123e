/**
 * The addresses and names of a self-service link (issue 19) that the signed-in app's start-up
 * needs too: kept apart from the link's schemas (selfservice.ts), so that reading them costs
 * the first page no schema code.
 */

/** The header that carries a link's token on every public self-service call. */
export const SELF_SERVICE_TOKEN_HEADER = 'x-self-service-token';

/** Where the public API lives; the app's client passes 401 through below it (SPEC 8). */
export const SELF_SERVICE_API = '/api/kyc/selfservice';

/** The page a link opens: `${SELF_SERVICE_PATH}/${token}`. */
export const SELF_SERVICE_PATH = '/kyc/selfservice';

/** Where the app keeps a link's token while its holder signs up (sessionStorage). */
export const PENDING_CLAIM_KEY = 'nt24.selfservice.claim';
