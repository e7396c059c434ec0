import { type ChangeEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { parseQuery, stringifyQuery } from '../../shared/query/query-string';
import { EmptyState } from '../../shared/ui/empty-state';
import { useLibraryRoute, useRouteHandle } from './library-route';

/**
 * A titled list page naming its list context (route name, entity, id, search). Later work replaces the
 * empty state with the real list; the search box already keeps its text in the `query` query parameter.
 */
export function ListPlaceholder({ noun }: { noun: string }) {
  const handle = useRouteHandle();
  const route = useLibraryRoute();
  const navigate = useNavigate();
  const location = useLocation();
  const title = handle?.title ?? noun;

  const search = (event: ChangeEvent<HTMLInputElement>) => {
    const query = { ...parseQuery(location.search), query: event.target.value || undefined };
    const text = stringifyQuery(query);
    navigate({ pathname: location.pathname, search: text ? `?${text}` : '' }, { replace: true });
  };

  return (
    <section aria-labelledby="page-title">
      <div className="page-header">
        <div>
          <h1 id="page-title" className="page-title">
            {title}
          </h1>
          <div className="page-meta">
            {route.name && <span className="chip">list: {route.name}</span>}
            {route.entityType && <span className="chip">kind: {route.entityType}</span>}
            {route.id && <span className="chip">id: {route.id}</span>}
            {route.botId && <span className="chip">space: {route.botId}</span>}
            {route.category && <span className="chip">category: {route.category}</span>}
            {route.attachToTree && <span className="chip">attach to tree</span>}
            {handle?.libraryMode && <span className="chip">library mode</span>}
            {handle?.favoritesDisabled && <span className="chip">favourites off</span>}
          </div>
        </div>
        <label className="search-box">
          <span className="visually-hidden">Search {noun.toLowerCase()}</span>
          <input className="input" type="search" placeholder={`Search ${noun.toLowerCase()}`} value={route.query} onChange={search} />
        </label>
      </div>
      <EmptyState title={route.query ? `No ${noun.toLowerCase()} match “${route.query}”` : `No ${noun.toLowerCase()} to show yet`}>
        <span>This list will show {noun.toLowerCase()} from the catalogue.</span>
      </EmptyState>
    </section>
  );
}
