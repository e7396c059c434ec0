import { useLocation, useMatches, useParams } from 'react-router-dom';
import type { RouteHandle, RouteName } from '../../paths';
import { parseQuery, type QueryObject, queryString } from '../../shared/query/query-string';

/** What a library page reads from the route (spec 2, "Route-change handling"). */
export interface LibraryRoute {
  name: RouteName | undefined;
  /** First path segment, or the second under /iframe. */
  entityType: string | undefined;
  embedded: boolean;
  id: string | undefined;
  botId: string | undefined;
  /** Search text. */
  query: string;
  category: string | undefined;
  group: string | undefined;
  recommendedCategories: string[];
  /** Step ids. */
  ids: string[];
  attachToTree: boolean;
  subflows: boolean;
  currentFlowId: string | undefined;
  currentBotId: string | undefined;
}

const commaList = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
const flag = (value: string | undefined) => value === 'true' || value === '1';

export function readLibraryRoute(input: {
  pathname: string;
  search: string;
  params: Record<string, string | undefined>;
  name?: RouteName;
}): LibraryRoute {
  const segments = input.pathname.split('/').filter(Boolean);
  const embedded = segments[0] === 'iframe';
  const query: QueryObject = parseQuery(input.search);
  const read = (key: string) => queryString(query[key]);
  return {
    name: input.name,
    entityType: embedded ? segments[1] : segments[0],
    embedded,
    id: input.params.id,
    botId: input.params.botId,
    query: read('query') ?? '',
    category: read('category'),
    group: read('group'),
    recommendedCategories: commaList(read('recommendedCategories')),
    ids: commaList(read('ids')),
    attachToTree: flag(read('attachToTree')),
    subflows: flag(read('subflows')),
    currentFlowId: read('currentFlowId'),
    currentBotId: read('currentBotId'),
  };
}

/** The handle of the deepest matched route. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.name) return handle;
  }
  return undefined;
}

export function useLibraryRoute(): LibraryRoute {
  const { pathname, search } = useLocation();
  const params = useParams();
  const handle = useRouteHandle();
  return readLibraryRoute({ pathname, search, params, name: handle?.name });
}
