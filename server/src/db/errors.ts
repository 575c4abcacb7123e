interface PgError {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

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
