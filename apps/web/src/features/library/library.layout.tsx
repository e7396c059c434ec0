import { NavLink, Outlet } from 'react-router-dom';
import { paths } from '../../paths';
import { Brand } from '../../shared/ui/brand';
import { UserMenu } from '../auth/user-menu';

const NAV_ITEMS = [
  { to: paths.agents, label: 'Agents' },
  { to: paths.bots, label: 'Spaces' },
  { to: paths.flows, label: 'Flows' },
  { to: paths.steps, label: 'Steps' },
  { to: paths.cards, label: 'Cards' },
  { to: paths.views, label: 'Views' },
];

/** The main area: header with the library sections and the user menu, then the routed page. */
export function LibraryLayout() {
  return (
    <div className="library-layout">
      <header className="app-header">
        <NavLink to={paths.bots} aria-label="Library home">
          <Brand />
        </NavLink>
        <nav className="main-nav" aria-label="Library sections">
          {NAV_ITEMS.map((item) => (
            <NavLink key={item.to} to={item.to}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <UserMenu />
      </header>
      <main className="library-main">
        <Outlet />
      </main>
    </div>
  );
}
