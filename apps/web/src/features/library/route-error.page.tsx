import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { messageOf } from '../../api/http-errors';
import { Brand } from '../../shared/ui/brand';

/** Shown when a route fails to load or render. */
export function RouteErrorPage() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : messageOf(error);
  return (
    <main className="sign-in-page">
      <section className="sign-in-card" role="alert">
        <Brand />
        <h1 className="sign-in-title">Something went wrong</h1>
        <p className="sign-in-subtitle">{message}</p>
        <button className="button button-primary" type="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </section>
    </main>
  );
}
