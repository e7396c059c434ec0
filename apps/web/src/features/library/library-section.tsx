import { NavLink, Outlet } from 'react-router-dom';

export interface SectionTab {
  to: string;
  label: string;
  /** Only the exact path is active (the section's home tab). */
  end?: boolean;
}

/** A library section (spaces, flows, ...): its tabs, then the routed list. */
export function LibrarySection({ label, tabs }: { label: string; tabs: SectionTab[] }) {
  return (
    <>
      {tabs.length > 1 && (
        <nav className="section-tabs" aria-label={label}>
          {tabs.map((tab) => (
            <NavLink key={tab.to} to={tab.to} end={tab.end}>
              {tab.label}
            </NavLink>
          ))}
        </nav>
      )}
      <Outlet />
    </>
  );
}
