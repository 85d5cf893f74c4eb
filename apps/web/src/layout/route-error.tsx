import { useRouteError } from 'react-router';
import { i18n } from '@/i18n/i18n.setup';
import { FullPageError } from './full-page-status';
import { reloadOnceForStaleChunk } from './stale-chunk';

/** Error boundary of the router: a page whose code failed to load reloads the app; anything else can be retried. */
export function RouteError() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : i18n.t('common:errors.somethingWentWrong');
  if (error instanceof Error && isChunkLoadError(error) && reloadOnceForStaleChunk()) return null;
  return <FullPageError message={message} onRetry={() => window.location.reload()} />;
}

function isChunkLoadError(error: Error): boolean {
  return /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message);
}
