import { withQuery } from './shared/query/query-string';

/** Top-level paths of spec 2. */
export const paths = {
  root: '/',
  login: '/login',
  agents: '/agents',
  bots: '/bots',
  flows: '/flows',
  steps: '/steps',
  cards: '/cards',
  views: '/views',
  iframe: '/iframe',
} as const;

/** The login page, coming back to `redirectPath` after sign-in. */
export const loginPath = (redirectPath?: string) => withQuery(paths.login, { redirectPath });

/** Route names of spec 2, kept in each route's `handle.name`. */
export const routeNames = {
  login: 'login',
  agentsMainPage: 'agentsMainPage',
  agentsList: 'agentsList',
  botsHomePage: 'botsHomePage',
  favoriteBots: 'favoriteBots',
  botsList: 'botsList',
  flowsHomePage: 'flowsHomePage',
  favoriteFlows: 'favoriteFlows',
  flowsStarters: 'flowsStarters',
  flowsList: 'flowsList',
  stepsHome: 'home',
  stepsFavorites: 'favorites',
  steps: 'steps',
  cardsHomePage: 'cardsHomePage',
  favoriteCards: 'favoriteCards',
  downloadedCards: 'downloadedCards',
  cardsList: 'cardsList',
  viewsHomePage: 'viewsHomePage',
  favoriteViews: 'favoriteViews',
  viewsList: 'viewsList',
  viewsStarters: 'viewsStarters',
  iframeSteps: 'iframeSteps',
  iframeStepsList: 'iframeStepsList',
  iframeRecommendedSteps: 'iframeRecommendedSteps',
  iframeCustomSteps: 'iframeCustomSteps',
  iframeRecommendedCurrentSteps: 'iframeRecommendedCurrentSteps',
  iframeFavoriteSteps: 'iframeFavoriteSteps',
  iframeRecommendedFavoriteSteps: 'iframeRecommendedFavoriteSteps',
  iframeAnotherFlowSteps: 'iframeAnotherFlowSteps',
  iframeSandboxSteps: 'iframeSandboxSteps',
  iframeBots: 'iframeBots',
  iframeFavoriteBots: 'iframeFavoriteBots',
  iframeFlows: 'iframeFlows',
  iframeFavoriteFlows: 'iframeFavoriteFlows',
  iframeFlowsStarters: 'iframeFlowsStarters',
  iframeCards: 'iframeCards',
  iframeFavoriteCards: 'iframeFavoriteCards',
  customCards: 'customCards',
  iframeCardTemplates: 'iframeCardTemplates',
  iframeFavoriteCardTemplates: 'iframeFavoriteCardTemplates',
  iframeViews: 'iframeViews',
  iframeFavoriteViews: 'iframeFavoriteViews',
  iframeViewsStarters: 'iframeViewsStarters',
  iframeViewTemplates: 'iframeViewTemplates',
  iframeFavoriteViewTemplates: 'iframeFavoriteViewTemplates',
  iframeViewsTemplatesStarters: 'iframeViewsTemplatesStarters',
  notFound: 'notFound',
} as const;

export type RouteName = (typeof routeNames)[keyof typeof routeNames];

/** Entity kinds of spec 2. */
export type EntityKind = 'agents' | 'bots' | 'flows' | 'cards' | 'card-templates' | 'steps' | 'views' | 'view-templates';

/** What a route carries in `handle`: its spec name and what the page shows. */
export interface RouteHandle {
  name: RouteName;
  /** Heading of the page, e.g. "Favourite spaces". */
  title?: string;
  /** Spec 2: flows and steps run in library mode. */
  libraryMode?: boolean;
  /** Step lists of the sandbox picker cannot be favourited. */
  favoritesDisabled?: boolean;
  /** Routes that need no sign-in (only the login page). */
  public?: boolean;
}
