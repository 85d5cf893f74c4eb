import { useEffect, useRef } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { NavigationProgress, nprogress } from '@mantine/nprogress';
import { NAVIGATION_PROGRESS_PROPS } from '../theme';

/** The top loading bar: starts when navigation to another path begins, completes when the path has changed. */
export function RouteProgress() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const toOtherPath = navigation.state !== 'idle' && navigation.location?.pathname !== pathname;

  const started = useRef(false);

  // Navigation ends (path changed, or the navigation was cancelled) when the router is idle again.
  useEffect(() => {
    if (toOtherPath) {
      started.current = true;
      nprogress.start();
    } else if (started.current) {
      started.current = false;
      nprogress.complete();
    }
  }, [toOtherPath]);

  return <NavigationProgress {...NAVIGATION_PROGRESS_PROPS} />;
}
