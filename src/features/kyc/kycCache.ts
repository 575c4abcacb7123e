// SPEC section 9's caches: how long the KYC reads' answers are shown again without asking
// (`createCachedFetch`).

/** Steps are read again after 5 s at the earliest. */
export const KYC_STEP_CACHE_MS = 5_000;
/** SPEC's 'status delay': the status history is read again after 3 s at the earliest. */
export const KYC_STATUS_CACHE_MS = 3_000;
/** Everything else (the list, a submission, comments, audit trail, insights): 2 minutes. */
export const KYC_CACHE_MS = 120_000;
