import { type HttpHandler, HttpResponse } from 'msw';
import type { SandboxContext } from '../context.js';
import { endpoint } from '../endpoint.js';
import { HttpError } from '../http.js';
import { decryptPlatformPassword } from '../password-key.js';
import type { UserRecord } from '../state.js';

/** The sign-in body (`SignInBody` of openapi.json): unknown fields are dropped, not refused. */
interface SignInBody {
  email: string;
  password: string;
  /** The platform's: whether the password is encrypted with the platform key (default true). */
  isPasswordEncrypted?: boolean;
}

function userOf(ctx: SandboxContext, email: string, password: string): UserRecord {
  const user = ctx.state.users.get(email.toLowerCase());
  if (!user) throw new HttpError(404, 'User not found');
  if (user.password !== password) throw new HttpError(401, 'Invalid Credentials');
  return user;
}

/** `POST /auth/signin` of the spec: the gateway's wrapped answer, with a fresh opaque token. */
function specSignIn(ctx: SandboxContext): HttpHandler {
  return endpoint(
    ctx,
    { method: 'post', path: '/auth/signin', style: 'gateway', auth: false },
    ({ body }: { body: SignInBody }) => {
      const user = userOf(ctx, body.email, body.password);
      return HttpResponse.json({
        statusCode: 200,
        message: 'User login successfully',
        data: {
          access_token: ctx.state.issueToken(user.email),
          expires_in: ctx.state.tokenTtlSeconds,
          refresh_expires_in: ctx.state.tokenTtlSeconds * 2,
          refresh_token: ctx.state.issueToken(user.email),
          token_type: 'Bearer',
          scope: 'email profile',
        },
      });
    },
  );
}

/**
 * The real platform's sign-in: the password encrypted with the platform key (400 "Invalid
 * Credentials" when it does not decrypt) unless `isPasswordEncrypted: false`, and the legacy
 * answer, without `scope` and with `expires_at`.
 */
function platformSignIn(ctx: SandboxContext, key: string): HttpHandler {
  return endpoint(
    ctx,
    { method: 'post', path: '/auth/signin', style: 'gateway', auth: false },
    ({ body }: { body: SignInBody }) => {
      const encrypted = body.isPasswordEncrypted ?? true;
      const password = encrypted ? decryptPlatformPassword(body.password, key) : body.password;
      if (password === undefined) throw new HttpError(400, 'Invalid Credentials', 'Bad Request');
      const user = userOf(ctx, body.email, password);
      const expiresIn = ctx.state.tokenTtlSeconds;
      return HttpResponse.json({
        statusCode: 200,
        message: 'User login successfully',
        data: {
          access_token: ctx.state.issueToken(user.email),
          token_type: 'Bearer',
          expires_in: expiresIn,
          expires_at: Math.floor(Date.now() / 1000) + expiresIn,
        },
      });
    },
  );
}

/** The sign-in endpoint of the sandbox's flavour. */
export function authHandlers(ctx: SandboxContext): HttpHandler[] {
  return [ctx.passwordKey === undefined ? specSignIn(ctx) : platformSignIn(ctx, ctx.passwordKey)];
}
