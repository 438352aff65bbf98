import { SignInParams } from '@credential-agent/sdk/models';
import { type HttpHandler, HttpResponse } from 'msw';
import type { SandboxContext } from '../context.js';
import { endpoint } from '../endpoint.js';
import { HttpError } from '../http.js';

/** `POST /auth/signin`: the gateway's wrapped answer, with a fresh opaque token. */
export function authHandlers(ctx: SandboxContext): HttpHandler[] {
  const signIn = endpoint(
    ctx,
    { method: 'post', path: '/auth/signin', style: 'gateway', auth: false, body: SignInParams },
    ({ body }) => {
      const user = ctx.state.users.get(body.email.toLowerCase());
      if (!user) throw new HttpError(404, 'User not found');
      if (user.password !== body.password) throw new HttpError(401, 'Invalid Credentials');
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
  return [signIn];
}
