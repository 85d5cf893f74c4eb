import { describe, expect, it } from 'vitest';
import { CARE_FORM_DETAIL_CACHE_SIZE } from '@hearth/shared/care-forms/care-forms.constants';
import { CareFormsOfflineBox, memoryStore } from './care-forms-offline.store';
import { indexAfterCaching, isExpiredDraft, TYPE_PDF_CACHE_SIZE } from './care-forms-offline.records';
import { answer, testServer } from './care-forms-offline.test-support';

const LABEL = { typeName: 'Supervisory visit', clientName: 'Edith Marlow', shiftStart: null };

describe('care form offline records (spec sections 3 and 9)', () => {
  it('counts a draft as expired only after more than 2 days since its last change', () => {
    const modifiedAt = '2031-03-01T10:00:00.000Z';
    const day = 24 * 60 * 60 * 1000;
    expect(isExpiredDraft(modifiedAt, Date.parse(modifiedAt) + 2 * day)).toBe(false);
    expect(isExpiredDraft(modifiedAt, Date.parse(modifiedAt) + 2 * day + 1)).toBe(true);
  });

  it('keeps the newest entries of an index and the pinned ones beyond them', () => {
    const index = [
      { id: 1, cachedAt: '2031-03-01T10:00:01Z' },
      { id: 2, cachedAt: '2031-03-01T10:00:02Z' },
      { id: 3, cachedAt: '2031-03-01T10:00:03Z' },
    ];
    const { keep, evict } = indexAfterCaching(index, { id: 4, cachedAt: '2031-03-01T10:00:04Z' }, 2, new Set([1]));
    expect(keep.map((r) => r.id)).toEqual([4, 3, 1]);
    expect(evict).toEqual([2]);
    // Caching one again moves it to the front, never twice.
    expect(indexAfterCaching(index, { id: 1, cachedAt: '2031-03-01T10:00:05Z' }, 3).keep.map((r) => r.id)).toEqual([1, 3, 2]);
  });

  it('keeps the 50 newest form details, and an older one while a draft of it waits', async () => {
    const server = testServer();
    const box = new CareFormsOfflineBox(memoryStore(), server.sender);
    const forms = Array.from({ length: CARE_FORM_DETAIL_CACHE_SIZE + 2 }, () => server.assign());
    await box.saveDetail(server.detailOf(forms[0]!));
    await box.saveDetail(server.detailOf(forms[1]!));
    await box.saveAnswers({ formId: forms[1]!.id, label: LABEL }, [answer('q1', 'waiting')]);
    for (const form of forms.slice(2)) {
      server.state.clock += 1000;
      await box.saveDetail(server.detailOf(form));
    }
    expect(await box.readDetail(forms[0]!.id)).toBeUndefined();
    expect(await box.readDetail(forms[1]!.id)).toMatchObject({ id: forms[1]!.id });
    expect(await box.readDetail(forms[2]!.id)).toMatchObject({ id: forms[2]!.id });
    expect(await box.readDetail(forms.at(-1)!.id)).toMatchObject({ id: forms.at(-1)!.id });
  });

  it('keeps the blank PDFs of the newest types', async () => {
    const server = testServer();
    const box = new CareFormsOfflineBox(memoryStore(), server.sender);
    for (let typeId = 1; typeId <= TYPE_PDF_CACHE_SIZE + 1; typeId++) {
      await box.saveTypePdf(typeId, { fileName: `type-${typeId}.pdf`, base64: 'JVBERi0=' });
    }
    expect(await box.readTypePdf(1)).toBeUndefined();
    expect(await box.readTypePdf(2)).toMatchObject({ typeId: 2, fileName: 'type-2.pdf', base64: 'JVBERi0=' });
  });

  it('publishes drafts to the screens, and gives two quick saves different modifiedAt', async () => {
    const server = testServer();
    const box = new CareFormsOfflineBox(memoryStore(), server.sender);
    let told = 0;
    box.subscribe(() => told++);
    const first = await box.saveAnswers({ formId: 101, label: LABEL }, [answer('q1', 'a')]);
    const second = await box.saveAnswers({ formId: 101, label: LABEL }, [answer('q1', 'b')]);
    expect(second.modifiedAt > first.modifiedAt).toBe(true);
    expect(told).toBe(2);
    expect(box.read().drafts).toMatchObject([{ kind: 'edit', formId: 101, field_data: [answer('q1', 'b')] }]);
    await box.discardDraft(box.read().drafts[0]!);
    expect(box.read().drafts).toEqual([]);
  });
});
