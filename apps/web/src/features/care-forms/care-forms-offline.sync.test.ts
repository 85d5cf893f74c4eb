import { beforeAll, describe, expect, it } from 'vitest';
import type { StartableCareFormType } from '@hearth/shared/care-forms/care-forms.schema';
import { loadWebLanguage, i18n } from '@/i18n/i18n.setup';
import { CareFormsOfflineBox, memoryStore } from './care-forms-offline.store';
import { answer, apiError, SIGNATURE, testServer } from './care-forms-offline.test-support';
import type { CareFormsSyncResult } from './care-forms-offline.sync';

const TYPE = {
  id: 3,
  name: 'Incident report',
  category: 'incident',
  version: 1,
  definition: { resourceType: 'Questionnaire', status: 'active', item: [] },
} as unknown as StartableCareFormType;

const LABEL = { typeName: 'Supervisory visit', clientName: 'Edith Marlow', shiftStart: null };

function setup() {
  const server = testServer();
  const store = memoryStore();
  const box = new CareFormsOfflineBox(store, server.sender);
  const start = () => box.startDraft({ type: TYPE, clientId: 5, clientName: 'Edith Marlow', shiftId: 9, shiftStart: null });
  const sync = async () => (await box.sync()) as CareFormsSyncResult;
  return { server, store, box, start, sync };
}

beforeAll(async () => {
  await loadWebLanguage('en');
  await i18n.changeLanguage('en');
});

describe('care forms offline sync (spec section 4 "Offline care forms")', () => {
  it('retries drafts when online: kept while offline, sent and removed once the server answers', async () => {
    const { server, box, sync } = setup();
    const form = server.assign();
    await box.saveAnswers({ formId: form.id, label: LABEL }, [answer('q1', 'offline answer')]);
    server.state.online = false;
    expect(await sync()).toMatchObject({ sent: 0, kept: 1, offline: true });
    expect(await box.sync()).toMatchObject({ kept: 1 });
    expect(form.items).toEqual([]);
    expect(box.read().drafts).toHaveLength(1);
    server.state.online = true;
    expect(await sync()).toMatchObject({ sent: 1, kept: 0, offline: false });
    expect(form.items).toEqual([answer('q1', 'offline answer')]);
    expect(box.read().drafts).toEqual([]);
  });

  it('keeps everything on a network failure and stops there, so nothing overtakes what waits', async () => {
    const { server, box, start, sync } = setup();
    const form = server.assign();
    const first = await start();
    await box.saveAnswers({ clientRecordId: first.clientRecordId }, [answer('q1', 'a')]);
    await start();
    await box.saveAnswers({ formId: form.id, label: LABEL }, [answer('q1', 'b')]);
    server.state.online = false;
    const result = await sync();
    expect(result).toMatchObject({ sent: 0, kept: 3, offline: true, discarded: [] });
    expect(server.state.calls).toEqual([`create ${first.clientRecordId}`]);
    expect(box.read().drafts.map((d) => d.kind)).toEqual(['create', 'create', 'edit']);
    // Even two days later a network failure discards nothing.
    server.advanceDays(3);
    expect(await sync()).toMatchObject({ kept: 3, discarded: [] });
    expect(box.read().drafts).toHaveLength(3);
  });

  it('discards a draft older than 2 days after a non-network failure, and tells the caregiver', async () => {
    const { server, box, sync } = setup();
    const form = server.assign();
    await box.saveAnswers({ formId: form.id, label: LABEL }, [answer('q1', 'old')]);
    server.advanceDays(2.1);
    server.state.refuse.set(form.id, apiError(`Care form ${form.id} not found`, 'NOT_FOUND'));
    const result = await sync();
    expect(result.discarded).toHaveLength(1);
    expect(result.discarded[0]).toMatchObject({ label: LABEL, message: `Care form ${form.id} not found` });
    expect(box.read().drafts).toEqual([]);
    // Never lost silently: the notice stays until the caregiver dismisses it.
    expect(box.read().notices.map((n) => n.message)).toEqual([`Care form ${form.id} not found`]);
    await box.dismissNotice(box.read().notices[0]!.id);
    expect(box.read().notices).toEqual([]);
  });

  it('keeps a younger draft after a non-network failure, with the reason shown, and retries it', async () => {
    const { server, box, sync } = setup();
    const form = server.assign();
    await box.saveAnswers({ formId: form.id, label: LABEL }, [answer('q1', 'young')]);
    server.advanceDays(1.9);
    server.state.refuse.set(form.id, apiError('Not allowed', 'FORBIDDEN'));
    expect(await sync()).toMatchObject({ kept: 1, discarded: [] });
    const [kept] = box.read().drafts;
    expect(kept).toMatchObject({ kind: 'edit', refusal: { message: 'Not allowed' } });
    server.state.refuse.delete(form.id);
    expect(await sync()).toMatchObject({ sent: 1 });
    expect(box.read().drafts).toEqual([]);
    expect(form.items).toEqual([answer('q1', 'young')]);
  });

  it('measures a draft age from its last change: one started 3 days ago and saved today is kept', async () => {
    const { server, box, start, sync } = setup();
    const draft = await start();
    server.advanceDays(3);
    await box.saveAnswers({ clientRecordId: draft.clientRecordId }, [answer('q1', 'today')]);
    server.state.refuse.set('create', apiError('Pick a visit of yours', 'FORBIDDEN'));
    expect(await sync()).toMatchObject({ kept: 1, discarded: [] });
    expect(box.read().drafts).toHaveLength(1);
  });

  it('removes a create after success; a later edit through the draft targets the new form, never a second create', async () => {
    const { server, box, start, sync } = setup();
    const draft = await start();
    await box.saveAnswers({ clientRecordId: draft.clientRecordId }, [answer('q1', 'first')]);
    const result = await sync();
    expect(result).toMatchObject({ sent: 1, created: { [draft.clientRecordId]: 101 } });
    expect(box.read().drafts).toEqual([]);
    expect(server.forms.map((f) => [f.id, f.clientRecordId, f.items])).toEqual([
      [101, draft.clientRecordId, [answer('q1', 'first')]],
    ]);
    expect(await box.createdFormId(draft.clientRecordId)).toBe(101);
    expect(await box.readDetail(101)).toMatchObject({ id: 101 });

    const edit = await box.saveAnswers({ clientRecordId: draft.clientRecordId }, [answer('q1', 'second')]);
    expect(edit).toMatchObject({ kind: 'edit', formId: 101 });
    await sync();
    expect(server.state.calls).toEqual([`create ${draft.clientRecordId}`, 'save 101']);
    expect(server.forms).toHaveLength(1);
    expect(server.forms[0]!.items).toEqual([answer('q1', 'second')]);
  });

  it('creates a form once when the answer to the create was lost (the resend gets the same form)', async () => {
    const { server, start, sync } = setup();
    const draft = await start();
    server.state.during = () => {
      server.state.online = false;
      return Promise.reject(new TypeError('Failed to fetch'));
    };
    expect(await sync()).toMatchObject({ offline: true, kept: 1 });
    server.state.online = true;
    expect(await sync()).toMatchObject({ sent: 1, created: { [draft.clientRecordId]: 101 } });
    expect(server.forms).toHaveLength(1);
  });

  it('keeps a create changed during its upload as an edit of the new form, sent next time', async () => {
    const { server, box, start, sync } = setup();
    const draft = await start();
    await box.saveAnswers({ clientRecordId: draft.clientRecordId }, [answer('q1', 'sent')]);
    server.state.during = async () => {
      await box.saveAnswers({ clientRecordId: draft.clientRecordId }, [answer('q1', 'typed during sync')]);
    };
    expect(await sync()).toMatchObject({ sent: 1, kept: 0 });
    expect(box.read().drafts).toMatchObject([{ kind: 'edit', formId: 101, field_data: [answer('q1', 'typed during sync')] }]);
    expect(server.forms[0]!.items).toEqual([answer('q1', 'sent')]);
    await sync();
    expect(server.forms[0]!.items).toEqual([answer('q1', 'typed during sync')]);
    expect(box.read().drafts).toEqual([]);
  });

  it('removes an edit only if unchanged during the sync: typed during the upload, kept and sent next time', async () => {
    const { server, box, sync } = setup();
    const form = server.assign();
    const target = { formId: form.id, label: LABEL };
    await box.saveAnswers(target, [answer('q1', 'sent')]);
    server.state.during = async () => {
      await box.saveAnswers(target, [answer('q1', 'typed during sync')]);
    };
    expect(await sync()).toMatchObject({ sent: 1, kept: 1 });
    expect(box.read().drafts).toMatchObject([{ kind: 'edit', field_data: [answer('q1', 'typed during sync')] }]);
    expect(await sync()).toMatchObject({ sent: 1, kept: 0 });
    expect(form.items).toEqual([answer('q1', 'typed during sync')]);
    expect(box.read().drafts).toEqual([]);
  });

  it('skips a sync already running with "Sync already in progress"', async () => {
    const { server, box, sync } = setup();
    const form = server.assign();
    await box.saveAnswers({ formId: form.id, label: LABEL }, [answer('q1', 'a')]);
    let second: unknown;
    server.state.during = async () => {
      expect(box.read().syncing).toBe(true);
      second = await box.sync();
    };
    expect(await sync()).toMatchObject({ sent: 1 });
    expect(second).toEqual({ skipped: true, message: 'Sync already in progress' });
    expect(server.state.calls).toEqual([`save ${form.id}`]);
    expect(box.read().syncing).toBe(false);
  });

  it('sends a signing made offline after the answers: a form started offline is created, then completed', async () => {
    const { server, box, start, sync } = setup();
    const draft = await start();
    server.state.online = false;
    await box.signOffline({ clientRecordId: draft.clientRecordId }, [answer('required', 'yes')], SIGNATURE);
    expect(await sync()).toMatchObject({ offline: true, kept: 1 });
    server.state.online = true;
    expect(await sync()).toMatchObject({ sent: 1, signed: 1, kept: 0 });
    expect(server.state.calls.slice(-2)).toEqual([`create ${draft.clientRecordId}`, 'complete 101']);
    expect(server.forms[0]).toMatchObject({ status: 'completed', signature: SIGNATURE });
    expect(box.read().drafts).toEqual([]);
  });

  it('returns a refused signing as a draft in progress with its problems; the answers are saved for the office', async () => {
    const { server, box, sync } = setup();
    const form = server.assign();
    await box.signOffline({ formId: form.id, label: LABEL }, [answer('q1', 'no required answer')], SIGNATURE);
    const result = await sync();
    expect(result.returned).toMatchObject([{ formId: form.id, problems: { required: 'An answer is required' } }]);
    expect(server.state.calls).toEqual([`complete ${form.id}`, `save ${form.id}`]);
    expect(form).toMatchObject({ status: 'in-progress', items: [answer('q1', 'no required answer')] });
    expect(box.read().problems[form.id]).toMatchObject({ message: 'The form has problems' });
    expect(box.read().drafts).toEqual([]);
    // Fixed and signed again: completed, the problems gone.
    await box.signOffline({ formId: form.id, label: LABEL }, [answer('required', 'yes')], SIGNATURE);
    expect(await sync()).toMatchObject({ signed: 1 });
    expect(form.status).toBe('completed');
    expect(box.read().problems).toEqual({});
  });
});
