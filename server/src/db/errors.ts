interface PgError {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/** The SQLSTATE of a failed statement, through Drizzle's wrapping of the driver's error. */
function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const pgError = current as PgError;
    if (typeof pgError.code === 'string') return pgError.code;
    current = pgError.cause;
  }
  return undefined;
}

/**
 * Whether a statement failed on a value its column's type cannot hold (SQLSTATE class 22, data
 * exception: '2026-02-30' as a date, 'abc' as a number).
 */
export const dataException = (error: unknown): boolean =>
  sqlState(error)?.startsWith('22') ?? false;

/**
 * The name of the unique index or constraint a failed statement violated (SQLSTATE 23505), if
 * that is why it failed. Drizzle wraps the driver's error; node-postgres and PGlite both give
 * `code` and `constraint`.
 */
export function uniqueViolation(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const pgError = current as PgError;
    if (pgError.code === '23505') {
      return typeof pgError.constraint === 'string' ? pgError.constraint : '';
    }
    current = pgError.cause;
  }
  return undefined;
}
