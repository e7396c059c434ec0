import { Outlet } from 'react-router-dom';
import { useFullPathReporting } from '../iframe/parent-window';

/** Above every route: reports each route change to the parent window when embedded. */
export function RootLayout() {
  useFullPathReporting();
  return <Outlet />;
}
