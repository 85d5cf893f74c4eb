import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { PDFDocument, PDFRawStream, decodePDFRawStream } from '@cantoo/pdf-lib';
import type { CareSheetPdfFile } from '@hearth/shared/care-sheets/care-sheets.schema';
import { startTestApp, type TestApp, type TrpcBody } from '../test/test-app';
import { plantRecords } from '../test/planted-records';
import { users } from '../features/users/users.schema';
import { caregivers } from '../features/caregivers/caregivers.schema';
import { branches } from '../features/branches/branches.schema';
import { outbox } from '../features/notify/notify.schema';

/**
 * The server speaks the reader's language over real HTTP (issue 27): errors and validation messages of tRPC calls
 * in the user's setting, else Accept-Language, else English (English unchanged); login-link emails in the
 * recipient's language; the care sheet PDF in the requesting user's. PGlite by default, PostgreSQL with
 * TEST_DATABASE_URL.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const MISSING = 2_000_000_000;
/** The planted care sheet's id (planted-records.ts), far above the demo data's ids. */
const PLANTED = 1_900_000;

async function setLanguage(username: string, language: 'en' | 'es' | null) {
  const res = await t.trpc('mutation', 'setMyLanguage', { language }, tokens[username]);
  expect(res.status).toBe(200);
}

/** A tRPC query with extra headers (Accept-Language), optionally signed in. */
async function query(path: string, input: unknown, headers: Record<string, string>, token?: string) {
  const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const res = await t.fetch(`/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, {
    headers: { ...auth, ...headers },
  });
  return { status: res.status, body: (await res.json()) as TrpcBody };
}

/** The texts a PDF draws (pdf-lib writes each line as a hex string shown with Tj, in WinAnsi: Latin-1 for these). */
async function pdfText(file: CareSheetPdfFile): Promise<string> {
  const doc = await PDFDocument.load(Buffer.from(file.base64, 'base64'));
  const lines: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const content = Buffer.from(decodePDFRawStream(object).decode()).toString('latin1');
    for (const match of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) lines.push(Buffer.from(match[1]!, 'hex').toString('latin1'));
  }
  return lines.join('\n');
}

beforeAll(async () => {
  t = await startTestApp();
  for (const u of ['developer', 'companyadmin', 'branchmanager', 'nurse', 'caregiver']) tokens[u] = await t.signIn(u);
  await setLanguage('companyadmin', 'es');
  await setLanguage('nurse', 'es');
  await setLanguage('branchmanager', 'en');
  const [admin] = await t.database.db.select().from(users).where(eq(users.username, 'companyadmin'));
  await plantRecords(t.database.db, { id: PLANTED, marker: 'Lengua', companyId: admin!.companyId });
});
afterAll(() => t.close());

describe('errors and validation messages of a tRPC call', () => {
  it('answers a Spanish user in Spanish: not found, a schema message, zod’s own message and the field errors', async () => {
    const missing = await t.trpc('query', 'getShift', { id: MISSING }, tokens.companyadmin);
    expect(missing.status).toBe(404);
    expect(missing.body.error?.message).toBe(`No se encontró el turno ${MISSING}`);

    const badId = await t.trpc('query', 'getShift', { id: 0 }, tokens.companyadmin);
    expect(badId.status).toBe(400);
    expect(badId.body.error?.message).toBe('id: Los identificadores van de 1 a 2147483647');
    expect(badId.body.error?.data.fieldErrors).toEqual({ id: ['Los identificadores van de 1 a 2147483647'] });

    const badPage = await t.trpc('query', 'getUsers', { page: 'x' }, tokens.companyadmin);
    expect(badPage.status).toBe(400);
    expect(badPage.body.error?.message).toBe('page: Entrada inválida: se esperaba número, recibido texto');

    const forbidden = await t.trpc('query', 'getUsers', {}, tokens.nurse);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error?.message).toBe('Su rol no puede usar getUsers');
  });

  it('words a caregiver’s empty language and too long skill in Spanish, each list with its own noun', async () => {
    const input = { branchId: 1, firstName: 'Ana', lastName: 'Ruiz', languages: ['Español', ' '], skills: ['x'.repeat(61)] };
    const spanish = await t.trpc('mutation', 'createCaregiver', input, tokens.companyadmin);
    expect(spanish.status).toBe(400);
    expect(spanish.body.error?.data.fieldErrors).toMatchObject({
      'languages.1': ['Un idioma no puede estar vacío'],
      'skills.0': ['Una habilidad tiene como máximo 60 caracteres'],
    });
    const english = await t.trpc('mutation', 'createCaregiver', input, tokens.branchmanager);
    expect(english.body.error?.data.fieldErrors).toMatchObject({
      'languages.1': ['A language cannot be empty'],
      'skills.0': ['A skill has at most 60 characters'],
    });
  });

  it('leaves an English user’s messages as they were', async () => {
    const missing = await t.trpc('query', 'getShift', { id: MISSING }, tokens.branchmanager);
    expect(missing.body.error?.message).toBe(`Shift ${MISSING} not found`);
    const badId = await t.trpc('query', 'getShift', { id: 0 }, tokens.branchmanager);
    expect(badId.body.error?.message).toBe('id: Ids go from 1 to 2147483647');
    expect(badId.body.error?.data.fieldErrors).toEqual({ id: ['Ids go from 1 to 2147483647'] });
    const badPage = await t.trpc('query', 'getUsers', { page: 'x' }, tokens.branchmanager);
    expect(badPage.body.error?.message).toBe('page: Invalid input: expected number, received string');
  });

  it('follows Accept-Language without a setting, and the setting over Accept-Language', async () => {
    const signedOut = await query('getShift', { id: 1 }, { 'accept-language': 'es-US,es;q=0.9,en;q=0.8' });
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.error?.message).toBe('Inicie sesión para continuar');
    const english = await query('getShift', { id: 1 }, { 'accept-language': 'fr-FR, en;q=0.5' });
    expect(english.body.error?.message).toBe('Sign in to continue');

    // The developer has no setting: the browser's Spanish decides.
    const browser = await query('getShift', { id: MISSING }, { 'accept-language': 'es' }, tokens.developer);
    expect(browser.body.error?.message).toBe(`No se encontró el turno ${MISSING}`);
    // The branch manager chose English: a Spanish browser does not change it.
    const setting = await query('getShift', { id: MISSING }, { 'accept-language': 'es' }, tokens.branchmanager);
    expect(setting.body.error?.message).toBe(`Shift ${MISSING} not found`);
  });

  it('names a view in the reader’s language (views.service.integration.test.ts has the English)', async () => {
    const denied = await t.trpc('query', 'getBackendView', { view: 'users' }, tokens.nurse);
    expect(denied.status).toBe(403);
    expect(denied.body.error?.message).toBe('Su rol no puede leer la vista Usuarios');
  });

  it('names the view of an unknown column in Spanish: a query, a saved view and an export', async () => {
    const filter = await t.trpc(
      'query',
      'queryView',
      { view: 'users', filters: [{ column: 'ssn', operator: 'equals', value: '1' }] },
      tokens.companyadmin,
    );
    expect(filter.status).toBe(400);
    expect(filter.body.error?.message).toBe('Columna desconocida "ssn" en la vista Usuarios');
    const saved = await t.trpc(
      'mutation',
      'upsertFrontendView',
      { view: 'users', name: 'Malo', columns: ['ssn'] },
      tokens.companyadmin,
    );
    expect(saved.status).toBe(400);
    expect(saved.body.error?.message).toBe('Columnas desconocidas en la vista Usuarios: ssn');
    const state = encodeURIComponent(JSON.stringify({ filters: [{ column: 'nope', operator: 'equals', value: 1 }] }));
    const exported = await t.fetch(`/api/views/users/export?format=csv&state=${state}`, {
      headers: { authorization: `Bearer ${tokens.companyadmin}` },
    });
    expect(exported.status).toBe(400);
    expect(((await exported.json()) as { message: string }).message).toBe('Columna desconocida "nope" en la vista Usuarios');
  });

  it('words what a filter’s value needs in Spanish, the value as it was sent (English in views.query tests)', async () => {
    const refusal = async (view: string, filter: { column: string; operator: string; value: unknown }) => {
      const res = await t.trpc('query', 'queryView', { view, filters: [filter] }, tokens.companyadmin);
      expect(res.status).toBe(400);
      return res.body.error?.message;
    };
    expect(await refusal('caregivers', { column: 'hireDate', operator: 'after', value: '2025-02-30' })).toBe(
      'El filtro en "hireDate" necesita una fecha real escrita AAAA-MM-DD, se recibió "2025-02-30"',
    );
    expect(await refusal('caregivers', { column: 'createdAt', operator: 'before', value: 'ayer' })).toBe(
      'El filtro en "createdAt" necesita una fecha real (AAAA-MM-DD) o una hora ISO 8601 ("2026-03-09T14:00:00Z"), ' +
        'se recibió "ayer"',
    );
    expect(await refusal('caregivers', { column: 'hireDate', operator: 'between', value: [] })).toBe(
      'El filtro "between" en "hireDate" necesita [desde, hasta]',
    );
    const english = await t.trpc(
      'query',
      'queryView',
      { view: 'caregivers', filters: [{ column: 'hireDate', operator: 'after', value: '2025-02-30' }] },
      tokens.branchmanager,
    );
    expect(english.body.error?.message).toBe('Filter on "hireDate" needs a real date written YYYY-MM-DD, got "2025-02-30"');
  });
});

describe('errors of the REST routes', () => {
  it('answer in the caller’s language once the caller is known, else in Accept-Language', async () => {
    const rest = (token: string | null, headers: Record<string, string> = {}) =>
      t.fetch('/users/1/history', { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
    const spanish = await rest(tokens.nurse!);
    expect(spanish.status).toBe(403);
    expect(((await spanish.json()) as { message: string }).message).toBe('Su rol no puede usar getUserHistory');
    const signedOut = await rest(null, { 'accept-language': 'es' });
    expect(signedOut.status).toBe(401);
    expect(((await signedOut.json()) as { message: string }).message).toBe('Inicie sesión para continuar');
    const english = await rest(null);
    expect(((await english.json()) as { message: string }).message).toBe('Sign in to continue');
  });
});

describe('emails in the recipient’s language', () => {
  const lastTo = async (recipient: string) =>
    (await t.database.db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.id)).limit(1))[0]!;

  it('sends a Spanish caregiver their login link in Spanish, whoever sends it', async () => {
    await setLanguage('caregiver', 'es');
    const [me] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'caregiver'));
    const [caregiver] = await t.database.db.select().from(caregivers).where(eq(caregivers.userId, me!.id));
    // Sent by the branch manager, who reads English: the message follows its recipient.
    const res = await t.trpc(
      'mutation',
      'sendCaregiverLoginLink',
      { caregiverId: caregiver!.id, channel: 'email' },
      tokens.branchmanager,
    );
    expect(res.status).toBe(200);
    const message = await lastTo(caregiver!.email!);
    expect(message.subject).toBe('Su enlace para iniciar sesión en Hearth');
    expect(message.body).toMatch(
      new RegExp(
        `^Hola, ${caregiver!.firstName}: inicie sesión en la aplicación de cuidadores de Hearth como \\S+ con este enlace: /login\\?token=\\S+ Funciona una sola vez, dentro de 24 horas\\.$`,
      ),
    );
  });

  it('sends a client’s login link in English until the client chooses Spanish, then in Spanish with a Spanish date', async () => {
    const [boston] = await t.database.db.select().from(branches).where(eq(branches.name, 'Boston'));
    const created = await t.trpc(
      'mutation',
      'createClient',
      { branchId: boston!.id, firstName: 'Lucía', lastName: 'Ramos', email: 'lucia.ramos@example.com' },
      tokens.companyadmin,
    );
    const clientId = (created.body.result?.data as { id: number }).id;
    const first = await t.trpc('mutation', 'sendClientLoginLink', { clientId }, tokens.companyadmin);
    const { userId } = first.body.result?.data as { userId: number };
    const english = await lastTo('lucia.ramos@example.com');
    expect(english.subject).toBe('Your Hearth sign-in link');
    expect(english.body).toMatch(
      /^Hello Lucía,\n\nUse the link below to sign in to the Hearth client app\. It works once and expires on \d{4}-\d\d-\d\d \d\d:\d\d UTC\.\n\nIf you did not expect this message, ignore it\.$/,
    );

    await t.database.db.update(users).set({ language: 'es' }).where(eq(users.id, userId));
    await t.trpc('mutation', 'sendClientLoginLink', { clientId }, tokens.companyadmin);
    const spanish = await lastTo('lucia.ramos@example.com');
    expect(spanish.subject).toBe('Su enlace para iniciar sesión en Hearth');
    expect(spanish.body).toMatch(
      /^Hola, Lucía:\n\nUse el enlace de abajo para iniciar sesión en la aplicación de clientes de Hearth\. Funciona una sola vez y vence el \d{1,2}\/\d{1,2}\/\d\d, \d{1,2}:\d\d [ap]\.\s?m\. UTC\.\n\nSi no esperaba este mensaje, ignórelo\.$/,
    );
  });
});

describe('the care sheet PDF in the requesting user’s language', () => {
  it('draws Spanish labels and dates for a Spanish user, and the English sheet for an English one', async () => {
    const spanish = await t.trpc('query', 'getCareSheetPDFFile', { care_sheet_id: PLANTED }, tokens.companyadmin);
    expect(spanish.status).toBe(200);
    const es = await pdfText(spanish.body.result?.data as CareSheetPdfFile);
    expect(es).toContain('Hoja de cuidado: Lengua Client, lun, 2/11/26');
    expect(es).toContain('Tareas del plan de cuidado');
    expect(es).toContain('2/11/26, 9:00 a.m. EST a 2/11/26, 11:00 a.m. EST');
    expect(es).toContain('Sin firmar');
    expect(es).not.toContain('Care plan tasks');

    const english = await t.trpc('query', 'getCareSheetPDFFile', { care_sheet_id: PLANTED }, tokens.developer);
    const en = await pdfText(english.body.result?.data as CareSheetPdfFile);
    expect(en).toContain('Care sheet: Lengua Client, 11/02/26');
    expect(en).toContain('Care plan tasks');
    expect(en).toContain('11/02/26 9:00 AM EST to 11/02/26 11:00 AM EST');
    expect(en).not.toContain('Hoja de cuidado');
  });
});
