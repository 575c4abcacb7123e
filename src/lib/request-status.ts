/** The life cycle of one request as a slice records it. */
export type RequestStatus = 'idle' | 'loading' | 'succeeded' | 'failed';
