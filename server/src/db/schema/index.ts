export * from './users.js';
export * from './idp.js';
export * from './partners.js';
export * from './documents.js';
export * from './kyc.js';
export * from './kyc-export.js';
export * from './selfservice.js';
export * from './orders.js';
