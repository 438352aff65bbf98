import type { CliContext } from '../../context.js';
import { AuthRequiredError } from '../../errors/cli-errors.js';
import { presentSession } from '../../presenters/session.js';
import { printData } from '../../terminal/output.js';
import { sessionView } from './session-view.js';

/** Prints the session; exit 4 when not signed in or the token has expired. */
export async function runWhoami(ctx: CliContext): Promise<void> {
  const { view, foreign } = await sessionView(ctx);
  printData(ctx, view, presentSession);
  if (foreign) throw foreign;
  if (!view.signedIn) throw new AuthRequiredError(`not signed in (profile "${view.profile}")`);
  if (view.expired) throw new AuthRequiredError(`the access token of profile "${view.profile}" has expired`);
}
