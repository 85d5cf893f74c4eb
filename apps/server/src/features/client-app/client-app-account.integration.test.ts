import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ClientAppAccount } from '@hearth/shared/client-app/client-app-account.schema';
import type { MfaStatus } from '@hearth/shared/mfa/mfa.schema';
import type { TestApp } from '../../test/test-app';
import { accounts } from '../users/users.schema';
import { STAFF_LOGINS, startClientAppTests, type ClientAppApi, type ClientAppFixtures } from './client-app.test-support';

let t: TestApp;
let f: ClientAppFixtures;
let api: ClientAppApi;
beforeAll(async () => ({ t, f, api } = await startClientAppTests()));
afterAll(() => t.close());

const NEW_PASSWORD = 'Garden-Path-42';

describe('clientAppGetAccount', () => {
  it('tells a client or contact their sign-in name and whether they have a password, nothing secret', async () => {
    const account = await api.ok<ClientAppAccount>('query', 'clientAppGetAccount', undefined, 'family');
    expect(account).toEqual({ username: 'family', email: 'family@family.example', name: 'family', hasPassword: true });
    expect((await api.ok<ClientAppAccount>('query', 'clientAppGetAccount', undefined, 'client')).username).toBe('client');
  });

  it.each(STAFF_LOGINS)('refuses %s (403): staff and caregivers manage their sign-in elsewhere', async (as) => {
    expect((await api.call('query', 'clientAppGetAccount', undefined, as)).status).toBe(403);
    const set = await api.call('mutation', 'clientAppSetPassword', { newPassword: NEW_PASSWORD }, as);
    expect(set.status).toBe(403);
  });

  it('leaves the authenticator optional for families (spec section 6)', async () => {
    const status = await api.ok<MfaStatus>('query', 'getMfaStatus', undefined, 'limited');
    expect(status).toMatchObject({ required: false, mustEnrol: false, enabled: [] });
  });
});

describe('clientAppSetPassword', () => {
  it('sets a first password for a sign-in made for a login link, without asking for a current one', async () => {
    await t.database.db.delete(accounts).where(eq(accounts.userId, f.userIds.stranger));
    expect((await api.ok<ClientAppAccount>('query', 'clientAppGetAccount', undefined, 'stranger')).hasPassword).toBe(false);
    await api.ok('mutation', 'clientAppSetPassword', { newPassword: NEW_PASSWORD }, 'stranger');
    expect((await api.ok<ClientAppAccount>('query', 'clientAppGetAccount', undefined, 'stranger')).hasPassword).toBe(true);
    expect(await t.signIn('stranger', NEW_PASSWORD)).toBeTruthy();
  });

  it('changes a password only with the current one, by the policy, and signs out the other sessions', async () => {
    const other = await t.signIn('limited');
    const missing = await api.call('mutation', 'clientAppSetPassword', { newPassword: NEW_PASSWORD }, 'limited');
    expect(missing.status).toBe(400);
    expect(missing.message).toContain('current password');
    const wrong = await api.call(
      'mutation',
      'clientAppSetPassword',
      { currentPassword: 'Nope-123!', newPassword: NEW_PASSWORD },
      'limited',
    );
    expect(wrong.status).toBe(400);
    expect(wrong.message).toContain('The current password is wrong');
    const weak = await api.call('mutation', 'clientAppSetPassword', { currentPassword: 'x', newPassword: 'short' }, 'limited');
    expect(weak.status).toBe(400);
    expect(weak.message).toContain('newPassword');
    const [{ password: demo }] = (await t.database.db
      .select({ password: accounts.password })
      .from(accounts)
      .where(eq(accounts.userId, f.userIds.limited))) as [{ password: string }];
    const { DEMO_PASSWORD } = await import('@hearth/shared/app/app.constants');
    await api.ok('mutation', 'clientAppSetPassword', { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD }, 'limited');
    const [{ password: changed }] = (await t.database.db
      .select({ password: accounts.password })
      .from(accounts)
      .where(eq(accounts.userId, f.userIds.limited))) as [{ password: string }];
    expect(changed).not.toBe(demo);
    // The session that changed it stays; another one ends.
    expect((await api.call('query', 'clientAppGetAccount', undefined, 'limited')).status).toBe(200);
    expect((await t.trpc('query', 'clientAppGetAccount', undefined, other)).status).toBe(401);
    expect(await t.signIn('limited', NEW_PASSWORD)).toBeTruthy();
    await expect(t.signIn('limited')).rejects.toThrow();
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const res = await api.call('mutation', 'clientAppSetPassword', { newPassword: 42 }, 'family');
    expect(res.status).toBe(400);
    expect(res.message).toContain('newPassword');
  });
});
