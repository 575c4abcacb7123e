export * from './users.js';
export * from './idp.js';
