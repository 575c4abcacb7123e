import type { FieldIssueDetail } from '#common/api.js';

/** Typed errors that the error handler turns into the one JSON shape. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  /** `details`: each field's problem, the shape the app reads (common/api.ts). */
  constructor(message: string, details?: readonly FieldIssueDetail[]) {
    super(400, message, details);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication is required.') {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to access this resource.') {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found.') {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, details?: unknown) {
    super(409, message, details);
  }
}

/** 428: a change that must name the version it is based on did not (decision 023). */
export class PreconditionRequiredError extends AppError {
  constructor(message: string, details?: readonly FieldIssueDetail[]) {
    super(428, message, details);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string) {
    super(415, message);
  }
}

export class TooManyRequestsError extends AppError {
  /** `retryAfterSeconds`: when the caller may try again, sent as Retry-After. */
  constructor(
    readonly retryAfterSeconds: number,
    message = `Too many requests. Try again in ${retryAfterSeconds} s.`,
  ) {
    super(429, message);
  }
}
