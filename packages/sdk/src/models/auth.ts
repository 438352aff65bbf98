import * as z from 'zod/mini';
import { maybe, NonEmpty, responseObject } from './common.js';
import { strictObject } from './object.js';

/** Body of `POST /auth/signin`. `isPasskey` defaults to `false`. */
export const SignInParams = strictObject({
  email: z.email('must be an e-mail address'),
  password: z.string().check(z.minLength(1, 'must not be empty')),
  isPasskey: z._default(z.boolean(), false),
});
export type SignInParams = z.input<typeof SignInParams>;

/**
 * The sign-in result. Real gateways wrap it in `{ statusCode, message, data }` and add fields such
 * as `refresh_token`; the transport unwraps the envelope and unknown fields are kept.
 */
export const SignInResult = responseObject({
  access_token: NonEmpty,
  // Legacy platforms answer without `scope` (and add `expires_at`).
  scope: maybe(z.string()),
  // Seconds; `null` or absent: no expiry known.
  expires_in: maybe(z.number().check(z.nonnegative())),
  token_type: z.string(),
});
export type SignInResult = z.output<typeof SignInResult>;
