import { z } from 'zod';

/** Every error a service can raise; the server's error handler maps each to an HTTP status. */
export const errorCode = z.enum([
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unprocessable',
  'rate_limited',
  'not_configured',
  'upstream_failed',
  'internal',
]);
export type ErrorCode = z.infer<typeof errorCode>;

/** Body of every error response. `message` is meant for people; `code` for programs. */
export const errorBody = z.object({
  error: errorCode,
  message: z.string(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
