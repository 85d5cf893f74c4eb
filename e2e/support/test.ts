import { test as base } from '@playwright/test';
import { appUrlOf, outboxCopyFileOf } from './base-url';

/**
 * Playwright's `test` with each worker on its own server (support/base-url.ts `E2E_WORKERS`): `baseURL` is the
 * worker's server, or the agency-week server in that project. Every flow imports `test` from here (lint says so).
 */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- the pattern is how Playwright reads fixture dependencies
  baseURL: async ({}, use, testInfo) => use(appUrlOf(testInfo)),
});

export { expect } from '@playwright/test';

/** The URL of the server the running test uses (for a context it opens itself with browser.newContext). */
export function appUrl(): string {
  return appUrlOf(test.info());
}

/** The outbox copy of the server the running test uses (support/base-url.ts `outboxCopyFileOf`). */
export function appOutboxCopyFile(): string {
  return outboxCopyFileOf(Number(new URL(appUrl()).port));
}
