import type { ErrorCode } from '../contract/errors';

/** The one error type services throw; the HTTP layer maps `code` to a status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found`);
