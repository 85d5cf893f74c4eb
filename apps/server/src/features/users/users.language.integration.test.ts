import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { DEMO_PASSWORD } from '@hearth/shared/app/app.constants';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import { startTestApp, type TestApp } from '../../test/test-app';
import { accounts, users } from './users.schema';

/**
 * setMyLanguage (issue 27): every role sets its own language, sees it in getCurrentUser, cannot set another's, and
 * a bad value is refused with a message naming the choices. PGlite by default, PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const ROLES = ['developer', 'companyadmin', 'branchmanager', 'nurse', 'caregiver', 'client', 'trustedcontact'];

/** A Trusted Contact login (role 9) with the demo password: the demo data has none. */
async function addTrustedContact(): Promise<void> {
  const [admin] = await t.database.db.select().from(users).where(eq(users.username, 'companyadmin'));
  const [user] = await t.database.db
    .insert(users)
    .values({
      name: 'Tina Trusted',
      email: 'trustedcontact@example.com',
      username: 'trustedcontact',
      firstName: 'Tina',
      lastName: 'Trusted',
      companyId: admin!.companyId,
      roleId: ROLE_IDS.trustedContact,
    })
    .returning({ id: users.id });
  await t.database.db.insert(accounts).values({
    accountId: String(user!.id),
    providerId: 'credential',
    userId: user!.id,
    password: await hashPassword(DEMO_PASSWORD),
  });
}

const languageOf = async (username: string) =>
  (await t.database.db.select({ language: users.language }).from(users).where(eq(users.username, username)))[0]!.language;

beforeAll(async () => {
  t = await startTestApp();
  await addTrustedContact();
  for (const username of ROLES) tokens[username] = await t.signIn(username);
});
afterAll(() => t.close());

describe('setMyLanguage', () => {
  it.each(ROLES)('lets %s set their own language, read it back, and go back to following the browser', async (username) => {
    expect(await languageOf(username)).toBeNull();
    const set = await t.trpc('mutation', 'setMyLanguage', { language: 'es' }, tokens[username]);
    expect(set.status).toBe(200);
    expect(set.body.result?.data).toEqual({ language: 'es' });
    expect(await languageOf(username)).toBe('es');
    const me = await t.trpc('query', 'getCurrentUser', undefined, tokens[username]);
    expect(me.body.result?.data).toMatchObject({ username, language: 'es' });

    const cleared = await t.trpc('mutation', 'setMyLanguage', { language: null }, tokens[username]);
    expect(cleared.body.result?.data).toEqual({ language: null });
    const after = await t.trpc('query', 'getCurrentUser', undefined, tokens[username]);
    expect(after.body.result?.data).toMatchObject({ language: null });
  });

  it('refuses a language Hearth does not speak, and a missing one, naming the choices', async () => {
    for (const input of [{ language: 'fr' }, {}, { language: 'ES' }]) {
      const res = await t.trpc('mutation', 'setMyLanguage', input, tokens.nurse);
      expect(res.status).toBe(400);
      expect(res.body.error?.message).toBe(
        'language: Choose a language Hearth speaks: en (English) or es (Español), or null to follow the browser',
      );
      expect(res.body.error?.data.fieldErrors?.language).toHaveLength(1);
    }
    expect(await languageOf('nurse')).toBeNull();
  });

  it("cannot set someone else's language: a userId is refused and neither user changes", async () => {
    const [caregiver] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'caregiver'));
    for (const as of ['companyadmin', 'developer', 'client']) {
      const res = await t.trpc('mutation', 'setMyLanguage', { userId: caregiver!.id, language: 'es' }, tokens[as]);
      expect(res.status).toBe(400);
      expect(res.body.error?.message).toMatch(/userId/);
      expect(await languageOf(as)).toBeNull();
    }
    expect(await languageOf('caregiver')).toBeNull();
  });

  it('refuses a signed-out caller', async () => {
    const res = await t.trpc('mutation', 'setMyLanguage', { language: 'es' });
    expect(res.status).toBe(401);
  });
});
