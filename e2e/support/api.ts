import { expect, type APIRequestContext } from '@playwright/test';
import { appOrigin, DEMO_PASSWORD } from './session';
import { tokenAfterSecondFactor } from './mfa';

/**
 * The HTTP API as a flow's setup uses it (faster than pages where the page itself is not what is tested): sign-in
 * through better-auth, tRPC queries and mutations with the bearer token, each asserting a 200.
 */

/** A bearer token of a user signed in through the API (the demo password unless another is given; the demo code). */
export async function tokenOf(request: APIRequestContext, username: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await request.post('/api/auth/sign-in/username', {
    data: { username, password },
    headers: { origin: appOrigin() },
  });
  return tokenAfterSecondFactor(request, response, appOrigin(), { username, password });
}

/** A tRPC query (GET) as the holder of `token`; its data. */
export async function query<T>(request: APIRequestContext, token: string, path: string, input?: unknown): Promise<T> {
  const qs = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await request.get(`/api/trpc/${path}${qs}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

/** A tRPC mutation (POST) as the holder of `token`, with extra headers (e.g. the offline replay's); its data. */
export async function mutation<T>(
  request: APIRequestContext,
  token: string,
  path: string,
  input: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await request.post(`/api/trpc/${path}`, {
    data: input,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

/** What callApi answers: the HTTP status, the body, and the data when the call succeeded (200). */
export interface ApiResult<T> {
  status: number;
  text: string;
  data: T | null;
}

/**
 * A procedure called as the holder of `token`, for flows that also check refusals: GET for a query, POST for a
 * mutation, with extra headers (e.g. an offline replay's); never asserts the status.
 */
export async function callApi<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  input: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<ApiResult<T>> {
  const headers = { authorization: `Bearer ${token}`, ...extraHeaders };
  const response =
    method === 'GET'
      ? await request.get(`/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers })
      : await request.post(`/api/trpc/${path}`, { headers, data: input });
  const text = await response.text();
  const data = response.status() === 200 ? ((JSON.parse(text) as { result: { data: T } }).result.data ?? null) : null;
  return { status: response.status(), text, data };
}

/**
 * The headers of a check-in or check-out the caregiver's phone recorded offline at `recordedAt` (ISO) and uploads
 * now (packages/shared/src/app/app.constants.ts HEADERS): the offline flag and timestamp, the mobile-app flag and
 * the phone's clock at sending. A visit of days ago reaches the server only this way: the EVV time rules judge an
 * online check by its receipt time, and refuse one more than a day after the visit's end.
 */
export function offlineReplayHeaders(recordedAt: string): Record<string, string> {
  return {
    'x-offline': '1',
    'x-offline-timestamp': recordedAt,
    'x-mobile-app': '1',
    'x-device-time': new Date().toISOString(),
  };
}
