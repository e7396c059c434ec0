import { createBrowserRouter, type LoaderFunctionArgs, redirect, type RouteObject } from 'react-router-dom';
import type { AppServices } from './app-services';
import { AgentsPage } from './features/agents/agents.page';
import { createAuthGuard, createLoginGuard } from './features/auth/auth.guard';
import { SignInPage } from './features/auth/sign-in.page';
import { SpacesPage } from './features/bots/spaces.page';
import { CardsPage } from './features/cards/cards.page';
import { FlowsPage } from './features/flows/flows.page';
import { IframeLayout } from './features/iframe/iframe.layout';
import { PickerPage } from './features/iframe/picker.page';
import { LibraryLayout } from './features/library/library.layout';
import { LibrarySection, type SectionTab } from './features/library/library-section';
import { NotFoundPage } from './features/library/not-found.page';
import { RootLayout } from './features/library/root.layout';
import { RouteErrorPage } from './features/library/route-error.page';
import { StepTemplatesPage } from './features/steps/step-templates.page';
import { ViewsPage } from './features/views/views.page';
import { paths, type RouteHandle, type RouteName, routeNames as n } from './paths';
import { PageLoading } from './shared/ui/page-loading';

const handle = (name: RouteName, title: string, extra: Omit<RouteHandle, 'name' | 'title'> = {}): RouteHandle => ({
  name,
  title,
  ...extra,
});

const tabs = (base: string, items: [path: string, label: string][]): SectionTab[] =>
  items.map(([path, label]) => ({ to: path ? `${base}/${path}` : base, label, end: !path }));

/** `/` → `/bots`, keeping the query (an embedding parent may pass `token`). */
const toBots = ({ request }: LoaderFunctionArgs) => redirect(`${paths.bots}${new URL(request.url).search}`);

/** Main area of spec 2: each section with its children (optional :id) and route names. */
function libraryRoutes(): RouteObject[] {
  const library = { libraryMode: true };
  return [
    {
      path: 'agents',
      handle: handle(n.agentsMainPage, 'Agents'),
      element: <LibrarySection label="Agents" tabs={[]} />,
      children: [{ path: ':id?', handle: handle(n.agentsList, 'Agents'), element: <AgentsPage /> }],
    },
    {
      path: 'bots',
      element: (
        <LibrarySection
          label="Spaces"
          tabs={tabs(paths.bots, [
            ['', 'Home'],
            ['favorites', 'Favourites'],
            ['items', 'All spaces'],
          ])}
        />
      ),
      children: [
        { path: ':id?', handle: handle(n.botsHomePage, 'Spaces'), element: <SpacesPage /> },
        { path: 'favorites/:id?', handle: handle(n.favoriteBots, 'Favourite spaces'), element: <SpacesPage /> },
        { path: 'items/:id?', handle: handle(n.botsList, 'All spaces'), element: <SpacesPage /> },
      ],
    },
    {
      path: 'flows',
      handle: { libraryMode: true },
      element: (
        <LibrarySection
          label="Flows"
          tabs={tabs(paths.flows, [
            ['', 'Home'],
            ['favorites', 'Favourites'],
            ['starters', 'Starters'],
            ['items', 'All flows'],
          ])}
        />
      ),
      children: [
        { path: ':id?', handle: handle(n.flowsHomePage, 'Flows', library), element: <FlowsPage /> },
        { path: 'favorites/:id?', handle: handle(n.favoriteFlows, 'Favourite flows', library), element: <FlowsPage /> },
        { path: 'starters/:id?', handle: handle(n.flowsStarters, 'Starter flows', library), element: <FlowsPage /> },
        { path: 'items/:id?', handle: handle(n.flowsList, 'All flows', library), element: <FlowsPage /> },
      ],
    },
    {
      path: 'steps',
      handle: { libraryMode: true },
      element: (
        <LibrarySection
          label="Step templates"
          tabs={tabs(paths.steps, [
            ['', 'Home'],
            ['favorites', 'Favourites'],
            ['items', 'All step templates'],
          ])}
        />
      ),
      children: [
        { path: ':id?', handle: handle(n.stepsHome, 'Step templates', library), element: <StepTemplatesPage /> },
        { path: 'favorites/:id?', handle: handle(n.stepsFavorites, 'Favourite step templates', library), element: <StepTemplatesPage /> },
        { path: 'items/:id?', handle: handle(n.steps, 'All step templates', library), element: <StepTemplatesPage /> },
      ],
    },
    {
      path: 'cards',
      element: (
        <LibrarySection
          label="Cards"
          tabs={tabs(paths.cards, [
            ['', 'Home'],
            ['favorites', 'Favourites'],
            ['downloaded', 'Downloaded'],
            ['items', 'All card templates'],
          ])}
        />
      ),
      children: [
        { path: ':id?', handle: handle(n.cardsHomePage, 'Cards'), element: <CardsPage /> },
        { path: 'favorites/:id?', handle: handle(n.favoriteCards, 'Favourite cards'), element: <CardsPage /> },
        { path: 'downloaded/:id?', handle: handle(n.downloadedCards, 'Downloaded cards'), element: <CardsPage /> },
        { path: 'items/:id?', handle: handle(n.cardsList, 'All card templates'), element: <CardsPage /> },
      ],
    },
    {
      path: 'views',
      element: (
        <LibrarySection
          label="Views"
          tabs={tabs(paths.views, [
            ['', 'Home'],
            ['favorites', 'Favourites'],
            ['starters', 'Starters'],
            ['items', 'All views'],
          ])}
        />
      ),
      children: [
        { path: ':id?', handle: handle(n.viewsHomePage, 'Views'), element: <ViewsPage /> },
        { path: 'favorites/:id?', handle: handle(n.favoriteViews, 'Favourite views'), element: <ViewsPage /> },
        { path: 'items/:id?', handle: handle(n.viewsList, 'All views'), element: <ViewsPage /> },
        { path: 'starters/:id?', handle: handle(n.viewsStarters, 'Starter views'), element: <ViewsPage /> },
      ],
    },
    { path: '*', handle: handle(n.notFound, 'Page not found'), element: <NotFoundPage /> },
  ];
}

/** The embeddable picker of spec 2 under /iframe (name iframeSteps). */
function iframeRoutes(): RouteObject[] {
  const picker = (noun: string) => <PickerPage noun={noun} />;
  return [
    { path: 'steps', handle: handle(n.iframeStepsList, 'Step templates'), element: picker('Step templates') },
    { path: 'steps/recommended', handle: handle(n.iframeRecommendedSteps, 'Suggested step templates'), element: picker('Step templates') },
    { path: 'steps/custom', handle: handle(n.iframeCustomSteps, 'Custom steps'), element: picker('Steps') },
    {
      path: 'steps/recommended/current',
      handle: handle(n.iframeRecommendedCurrentSteps, 'Current flow'),
      element: picker('Step templates'),
    },
    { path: 'steps/favorites', handle: handle(n.iframeFavoriteSteps, 'Favourite step templates'), element: picker('Step templates') },
    {
      path: 'steps/recommended/favorites',
      handle: handle(n.iframeRecommendedFavoriteSteps, 'Suggested favourites'),
      element: picker('Step templates'),
    },
    { path: 'steps/another-flow', handle: handle(n.iframeAnotherFlowSteps, 'Another flow'), element: picker('Steps') },
    {
      path: 'steps/sandbox',
      handle: handle(n.iframeSandboxSteps, 'Playground', { favoritesDisabled: true }),
      element: picker('Step templates'),
    },
    {
      path: 'bots',
      handle: handle(n.iframeBots, 'Spaces'),
      children: [
        { index: true, handle: handle(n.iframeBots, 'Spaces'), element: picker('Spaces') },
        { path: 'favorites', handle: handle(n.iframeFavoriteBots, 'Favourite spaces'), element: picker('Spaces') },
      ],
    },
    {
      path: 'flows/:botId',
      handle: handle(n.iframeFlows, 'Flows'),
      children: [
        { index: true, handle: handle(n.iframeFlows, 'Flows'), element: picker('Flows') },
        { path: 'favorites', handle: handle(n.iframeFavoriteFlows, 'Favourite flows'), element: picker('Flows') },
        { path: 'starters', handle: handle(n.iframeFlowsStarters, 'Starter flows'), element: picker('Flows') },
      ],
    },
    {
      path: 'cards',
      handle: handle(n.iframeCards, 'Cards'),
      children: [
        { index: true, handle: handle(n.iframeCards, 'Cards'), element: picker('Cards') },
        { path: 'favorites', handle: handle(n.iframeFavoriteCards, 'Favourite cards'), element: picker('Cards') },
        { path: 'custom', handle: handle(n.customCards, 'Custom cards'), element: picker('Cards') },
      ],
    },
    {
      path: 'card-templates',
      handle: handle(n.iframeCardTemplates, 'Card templates'),
      children: [
        { index: true, handle: handle(n.iframeCardTemplates, 'Card templates'), element: picker('Card templates') },
        { path: 'favorites', handle: handle(n.iframeFavoriteCardTemplates, 'Favourite card templates'), element: picker('Card templates') },
      ],
    },
    {
      path: 'views',
      handle: handle(n.iframeViews, 'Views'),
      children: [
        { index: true, handle: handle(n.iframeViews, 'Views'), element: picker('Views') },
        { path: 'favorites', handle: handle(n.iframeFavoriteViews, 'Favourite views'), element: picker('Views') },
        { path: 'starters', handle: handle(n.iframeViewsStarters, 'Starter views'), element: picker('Views') },
      ],
    },
    {
      path: 'view-templates',
      handle: handle(n.iframeViewTemplates, 'View templates'),
      children: [
        { index: true, handle: handle(n.iframeViewTemplates, 'View templates'), element: picker('View templates') },
        { path: 'favorites', handle: handle(n.iframeFavoriteViewTemplates, 'Favourite view templates'), element: picker('View templates') },
        { path: 'starters', handle: handle(n.iframeViewsTemplatesStarters, 'Starter view templates'), element: picker('View templates') },
      ],
    },
  ];
}

/** Every route of the app, in one place (spec 2). */
export function createRoutes(services: Pick<AppServices, 'auth'>): RouteObject[] {
  const requireAuth = createAuthGuard(services.auth);
  return [
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <PageLoading />,
      children: [
        {
          path: paths.login,
          loader: createLoginGuard(services.auth),
          handle: handle(n.login, 'Sign in', { public: true }),
          element: <SignInPage />,
          hydrateFallbackElement: <PageLoading />,
        },
        { index: true, loader: toBots },
        {
          id: 'protected',
          loader: requireAuth,
          // Parent loaders normally skip revalidation; the guard must look again after sign-out.
          shouldRevalidate: () => true,
          hydrateFallbackElement: <PageLoading />,
          children: [
            { element: <LibraryLayout />, children: libraryRoutes() },
            { path: 'iframe', handle: handle(n.iframeSteps, 'Library'), element: <IframeLayout />, children: iframeRoutes() },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(services: Pick<AppServices, 'auth'>) {
  return createBrowserRouter(createRoutes(services));
}

export type AppRouter = ReturnType<typeof createAppRouter>;
