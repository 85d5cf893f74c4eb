import { expect } from 'vitest';
import { HEADERS } from '@hearth/shared/app/app.constants';
import type { CaregiverPasswordOutput } from '@hearth/shared/caregivers/caregivers.schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { caregivers } from '../caregivers/caregivers.schema';
import { shifts } from '../shifts/shifts.schema';

/**
 * The test app of the EVV time tests (caregiver-app.evv-*.integration.test.ts) on a controlled server clock: each
 * request is received at the instant the test gives (`receivedAt`), never waited for, and the caregivers, visits and
 * sign-ins they need.
 */

/** What a call answered: HTTP status, the data, and the error's message and field errors. */
export interface CallResult<T> {
  status: number;
  data: T;
  message: string | undefined;
  fieldErrors: Record<string, string[]> | null | undefined;
}

/** The headers of an offline replay recorded at `recordedAt` from a phone whose clock read `deviceTime` when sending. */
export const offlineHeaders = (recordedAt: string, deviceTime?: Date) => ({
  [HEADERS.offline]: '1',
  [HEADERS.offlineTimestamp]: recordedAt,
  [HEADERS.mobileApp]: '1',
  ...(deviceTime ? { [HEADERS.deviceTime]: deviceTime.toISOString() } : {}),
});

/**
 * Starts the test app with a server clock the calls set.
 * @returns the app, the tokens by key (fill them with signIn or addCaregiverUser), `call`, `addShift` (a visit of
 * `caregiverId` at `clientId` in `branchId`, times ISO UTC) and `addCaregiverUser` (an active caregiver of the branch
 * with a password, signed in under `key`; returns the caregiver's id).
 */
export async function startEvvTestApp(password: string, lastName: string) {
  let serverNow: Date | null = null;
  const t: TestApp = await startTestApp({ now: () => serverNow ?? new Date() });
  const tokens: Record<string, string> = {};

  /** A tRPC call as `as`, received at `receivedAt` on the server's clock (now when not given), with extra headers. */
  async function call<T>(
    kind: 'query' | 'mutation',
    path: string,
    input: unknown,
    as: string,
    options: { receivedAt?: Date; headers?: Record<string, string> } = {},
  ): Promise<CallResult<T>> {
    serverNow = options.receivedAt ?? null;
    const headers = { authorization: `Bearer ${tokens[as]}`, ...options.headers };
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    const res =
      kind === 'query'
        ? await t.fetch(`/api/trpc/${path}${query}`, { headers })
        : await t.fetch(`/api/trpc/${path}`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify(input),
          });
    serverNow = null;
    const body = (await res.json()) as {
      result?: { data: T };
      error?: { message: string; data: { fieldErrors?: Record<string, string[]> | null } };
    };
    return {
      status: res.status,
      data: body.result?.data as T,
      message: body.error?.message,
      fieldErrors: body.error?.data.fieldErrors,
    };
  }

  async function addShift(visit: { branchId: number; clientId: number; caregiverId: number; startAt: string; endAt: string }) {
    const [row] = await t.database.db
      .insert(shifts)
      .values({ ...visit, serviceCode: 'T1019', startAt: new Date(visit.startAt), endAt: new Date(visit.endAt) })
      .returning({ id: shifts.id });
    return row!.id;
  }

  async function addCaregiverUser(key: string, firstName: string, branchId: number): Promise<number> {
    const [row] = await t.database.db
      .insert(caregivers)
      .values({ branchId, firstName, lastName, status: 'active' })
      .returning({ id: caregivers.id });
    const res = await call<CaregiverPasswordOutput>(
      'mutation',
      'setCaregiverPassword',
      { caregiverId: row!.id, password },
      'companyadmin',
    );
    expect(res.message).toBeUndefined();
    tokens[key] = await t.signIn(res.data.username, password);
    return row!.id;
  }

  return { t, tokens, call, addShift, addCaregiverUser };
}
