// First: set before any schema is parsed.
import './zod-config';
// Before any page renders; the shown language's catalogues load with the first page's code (languageReady below).
import { i18n, languageReady } from './i18n/i18n.setup';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/nprogress/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { prefetchCurrentUser } from './api/current-user';
import { startSessionExpiry } from './api/session-expiry';
import { queryClient } from './api/query-client';
import { TRPCProvider, trpcClient } from './api/trpc';
import { announceNotificationsByKind } from './layout/notification-roles';
import { registerServiceWorkerAfterLoad } from './layout/service-worker';
import { reloadOnceForStaleChunk } from './layout/stale-chunk';
import { router } from './router';
import { cssVariablesResolver, NOTIFICATIONS_PROPS, theme } from './theme';

// A page's code failed to load (usually a new deployment removed the old chunks): reload, as the spec asks.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceForStaleChunk()) event.preventDefault();
});

// Notifications are live regions: errors as alerts, the rest as status messages (WCAG 4.1.3).
announceNotificationsByKind(undefined, () => i18n.t('actions.close', { ns: 'common' }));

// Who is signed in is asked while the first page's code downloads, not after it.
prefetchCurrentUser();

// Automatic logoff (spec section 4 "Session expiry"): an idle or too old session ends and the page reloads.
startSessionExpiry();

// The caregiver app uploads the visits kept on the phone as soon as it starts (spec section 4); loaded lazily so the
// staff screens never carry the offline code. The schedule (/app) starts it once its first window shows.
if (window.location.pathname.startsWith('/app/')) {
  void import('./features/caregiver-app/offline/offline-visits').then((m) => m.startOfflineSync());
}

// The schedule (/app) registers the service worker once its first window shows (layout/service-worker.ts).
registerServiceWorkerAfterLoad(window.location.pathname === '/app');

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * Resolves once the router has loaded the first page's lazy routes and run its loaders. Rendering only then makes the
 * first render one synchronous pass: a router still loading showed nothing, then rendered the page inside a
 * transition, which React slices into 5 ms tasks, each a task of its own on a busy phone (issue "caregiver app",
 * Performance: the offline schedule).
 */
function routerInitialized(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

// The first render also waits for the shown language's catalogues (the last known user's, else the browser's), which
// download in parallel with the first page's code: the texts are there on that first, synchronous render.
void Promise.all([routerInitialized(), languageReady()]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <Notifications {...NOTIFICATIONS_PROPS} />
        <QueryClientProvider client={queryClient}>
          <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
            <RouterProvider router={router} />
          </TRPCProvider>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  ),
);
