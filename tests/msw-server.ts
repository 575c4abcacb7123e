import { setupServer } from 'msw/node';
import { handlers } from './msw-handlers';

/** The mock API every front-end test runs against (started in tests/setup.ts). */
export const server = setupServer(...handlers);
