import { type LoaderFunctionArgs, redirect } from 'react-router-dom';
import { loginPath, paths } from '../../paths';
import type { AuthService } from './auth.service';
import { tokenFromSearch, withoutToken } from './redirect-path';

/** A promise that never settles: the navigation stays unresolved (spec 2, NoRightsError). */
const unresolved = () => new Promise<never>(() => undefined);

/**
 * Loader of every protected route (spec 2): when the authorized flag is unset, auth initialisation runs
 * with the target path and the decoded `token` query parameter. NoRightsError leaves navigation unresolved;
 * any other failure goes to /login?redirectPath=<current URL>.
 */
export function createAuthGuard(auth: Pick<AuthService, 'ensureAuthorized'>) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const targetPath = `${url.pathname}${url.search}${url.hash}`;
    const token = tokenFromSearch(url.search);
    const outcome = await auth.ensureAuthorized({ targetPath, token });
    if (outcome.kind === 'noRights') return unresolved();
    if (outcome.kind === 'unauthorized') throw redirect(loginPath(targetPath));
    // Keep the token out of the address bar, history and TO_FULL_PATH messages once it has been used.
    if (token) throw redirect(withoutToken(url));
    return null;
  };
}

/** Loader of the login route: a user who is already authorized goes to the root. */
export function createLoginGuard(auth: Pick<AuthService, 'actor' | 'ensureAuthorized'>) {
  return async ({ request }: LoaderFunctionArgs) => {
    const snapshot = auth.actor.getSnapshot();
    if (snapshot.matches('unknown')) {
      const outcome = await auth.ensureAuthorized({ targetPath: new URL(request.url).pathname, token: null });
      if (outcome.kind === 'authorized') throw redirect(paths.root);
    } else if (snapshot.matches('authorized')) {
      throw redirect(paths.root);
    }
    return null;
  };
}
