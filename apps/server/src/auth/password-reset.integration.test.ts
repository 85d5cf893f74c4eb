import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../test/test-app';
import { outbox } from '../features/notify/notify.schema';
import { users } from '../features/users/users.schema';
import { emailPasswordReset } from './password-reset';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const post = (path: string, body: unknown) =>
  t.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const requestReset = (email: string) => post('/api/auth/request-password-reset', { email });

/** The newest message of the outbox, as the notifier wrote it (token intact). */
async function lastMessage() {
  const [message] = await t.database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
  return message;
}

async function userNamed(username: string) {
  const [user] = await t.database.db.select().from(users).where(eq(users.username, username));
  return user!;
}

const tokenOf = (link: string) => new URL(link, 'http://x').searchParams.get('token')!;

describe('forgotten password', () => {
  let token = '';

  it('answers the same for an existing and an unknown account; only the existing one is emailed the link', async () => {
    const nurse = await userNamed('nurse');
    const before = await lastMessage();
    const known = await requestReset(nurse.email);
    const afterKnown = await lastMessage();
    const unknown = await requestReset('nobody-here@demo.hearth.care');
    const afterUnknown = await lastMessage();

    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(await unknown.text()).toBe(await known.text());

    expect(afterKnown!.id).not.toBe(before?.id);
    expect(afterKnown).toMatchObject({ channel: 'email', kind: 'password_reset', recipient: nurse.email, userId: nurse.id });
    expect(afterKnown!.subject).toBe('Reset your Hearth password');
    expect(afterKnown!.link).toMatch(/^\/reset-password\?token=[\w-]+$/);
    expect(afterKnown!.body).toContain(`http://localhost:3000${afterKnown!.link}`);
    expect(afterKnown!.body).toContain('60 minutes');
    expect(afterUnknown!.id).toBe(afterKnown!.id);
    token = tokenOf(afterKnown!.link!);
  });

  it('refuses a new password that breaks the policy, naming the rule, and keeps the token', async () => {
    const res = await post('/api/auth/reset-password', { token, newPassword: 'alllowercase1!' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('Password must contain an uppercase letter');
  });

  it('resets the password: old sessions end, the old password stops working, the second factor is still asked', async () => {
    const old = await t.signIn('nurse');
    expect((await t.trpc('query', 'getCurrentUser', undefined, old)).status).toBe(200);

    const res = await post('/api/auth/reset-password', { token, newPassword: 'Forgot-then-set-7!' });
    expect(res.status).toBe(200);
    expect((await t.trpc('query', 'getCurrentUser', undefined, old)).status).toBe(401);

    const withOld = await post('/api/auth/sign-in/username', { username: 'nurse', password: 'Hearth-demo-1!' });
    expect(withOld.status).toBe(401);
    const withNew = await post('/api/auth/sign-in/username', { username: 'nurse', password: 'Forgot-then-set-7!' });
    expect(withNew.status).toBe(200);
    expect(((await withNew.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBe(true);
    const session = await t.signIn('nurse', 'Forgot-then-set-7!');
    expect((await t.trpc('query', 'getCurrentUser', undefined, session)).status).toBe(200);
  });

  it('a used token cannot be used again', async () => {
    const res = await post('/api/auth/reset-password', { token, newPassword: 'Another-one-8!' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('INVALID_TOKEN');
    await t.signIn('nurse', 'Forgot-then-set-7!');
  });

  it('emails in the user’s language, and refuses the link once the user is deactivated', async () => {
    const prn = await userNamed('prn');
    await t.database.db.update(users).set({ language: 'es' }).where(eq(users.id, prn.id));
    expect((await requestReset(prn.email)).status).toBe(200);
    const message = await lastMessage();
    expect(message).toMatchObject({ userId: prn.id, subject: 'Restablezca su contraseña de Hearth' });
    expect(message!.body).toContain('Funciona una sola vez');

    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, prn.id));
    const res = await post('/api/auth/reset-password', { token: tokenOf(message!.link!), newPassword: 'Blocked-user-5!' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('INVALID_TOKEN');
    await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, prn.id));
    const withNew = await post('/api/auth/sign-in/username', { username: 'prn', password: 'Blocked-user-5!' });
    expect(withNew.status).toBe(401);
  });

  it('a deactivated user is sent nothing; a fourth request from one address within a minute is refused', async () => {
    const prn = await userNamed('prn');
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, prn.id));
    const before = await lastMessage();
    await emailPasswordReset(t.database.db, 'http://localhost:3000')({ user: { id: String(prn.id) }, token: 'unused' });
    expect((await lastMessage())!.id).toBe(before!.id);
    const fourth = await requestReset(prn.email);
    expect(fourth.status).toBe(429);
  });
});
