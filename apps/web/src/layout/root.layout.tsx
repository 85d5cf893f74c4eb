import { Outlet } from 'react-router';
import { RouteProgress } from './route-progress';

/** The root route: the loading bar above every screen, signed in or not. */
export function RootLayout() {
  return (
    <>
      <RouteProgress />
      <Outlet />
    </>
  );
}
