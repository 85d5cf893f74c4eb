import { describe, expect, it } from 'vitest';
import { messageOfEnglish } from '../i18n/english-messages';
import { CASE_STATUSES, type CaseStatus } from './cases.constants';
import {
  allowedTransitions,
  isClosedCaseStatus,
  isReopening,
  transitionNeedsReason,
  transitionProblem,
} from './case-transitions';

const ALLOWED: Record<CaseStatus, CaseStatus[]> = {
  draft: ['requested', 'cancelled'],
  requested: ['accepted', 'in-progress', 'cancelled'],
  accepted: ['in-progress', 'cancelled'],
  'in-progress': ['completed', 'cancelled'],
  completed: ['in-progress'],
  cancelled: ['requested'],
};

const ready = { reason: 'Checked with the family', requiredModulesDone: true };

describe('transitionProblem', () => {
  for (const from of CASE_STATUSES) {
    for (const to of CASE_STATUSES) {
      const allowed = ALLOWED[from].includes(to);
      it(`${from} -> ${to} is ${allowed ? 'allowed' : 'refused'}`, () => {
        const found = transitionProblem(from, to, ready);
        if (allowed) expect(found).toBeNull();
        else
          expect(found).toEqual({
            key: 'errors.caseTransitions.notAllowed',
            values: { from, to },
            message: `A case cannot go from ${from} to ${to}`,
          });
      });
    }
  }

  it('cancelling needs a reason, from every status that may cancel', () => {
    for (const from of ['draft', 'requested', 'accepted', 'in-progress'] as const) {
      for (const reason of [undefined, null, '', '   ']) {
        expect(transitionProblem(from, 'cancelled', { reason, requiredModulesDone: true })).toMatchObject({
          key: 'errors.caseTransitions.reasonToCancel',
          message: 'Give a reason to cancel the case',
        });
      }
    }
  });

  it('reopening a completed or cancelled case needs a reason', () => {
    expect(transitionProblem('completed', 'in-progress', { requiredModulesDone: true })?.key).toBe(
      'errors.caseTransitions.reasonToReopen',
    );
    expect(transitionProblem('cancelled', 'requested', { reason: ' ', requiredModulesDone: true })?.message).toBe(
      'Give a reason to reopen a closed case',
    );
    expect(transitionProblem('completed', 'in-progress', ready)).toBeNull();
  });

  it('completing needs every required module done; other moves do not need them or a reason', () => {
    expect(transitionProblem('in-progress', 'completed', { requiredModulesDone: false })).toMatchObject({
      key: 'errors.caseTransitions.modulesRequired',
      message: 'Complete every required module before completing the case',
    });
    expect(transitionProblem('in-progress', 'completed', { requiredModulesDone: true })).toBeNull();
    expect(transitionProblem('requested', 'accepted', { requiredModulesDone: false })).toBeNull();
    expect(transitionProblem('draft', 'requested', { requiredModulesDone: false })).toBeNull();
  });

  it('every message is a server catalogue text the server can word again', () => {
    const messages = [
      transitionProblem('completed', 'cancelled', ready)!,
      transitionProblem('draft', 'cancelled', { requiredModulesDone: true })!,
      transitionProblem('cancelled', 'requested', { requiredModulesDone: true })!,
      transitionProblem('in-progress', 'completed', { requiredModulesDone: false })!,
    ];
    for (const m of messages)
      expect(messageOfEnglish(m.message)).toEqual({ key: m.key, ...(m.values ? { values: m.values } : {}) });
  });
});

describe('allowedTransitions', () => {
  it('offers every move of a status when the reason is asked for and the modules are done', () => {
    for (const from of CASE_STATUSES) expect(allowedTransitions(from, { requiredModulesDone: true })).toEqual(ALLOWED[from]);
  });

  it('leaves out completing while a required module is open', () => {
    expect(allowedTransitions('in-progress', { requiredModulesDone: false })).toEqual(['cancelled']);
  });

  it('without a reason, offers only the moves that need none', () => {
    expect(allowedTransitions('requested', { hasReason: false, requiredModulesDone: true })).toEqual(['accepted', 'in-progress']);
    expect(allowedTransitions('completed', { hasReason: false, requiredModulesDone: true })).toEqual([]);
    expect(allowedTransitions('cancelled', { hasReason: false, requiredModulesDone: true })).toEqual([]);
  });
});

describe('closed statuses and reopening', () => {
  it('completed and cancelled are closed; leaving them is a reopening that needs a reason', () => {
    expect(CASE_STATUSES.filter(isClosedCaseStatus)).toEqual(['completed', 'cancelled']);
    expect(isReopening('completed', 'in-progress')).toBe(true);
    expect(isReopening('cancelled', 'requested')).toBe(true);
    expect(isReopening('in-progress', 'completed')).toBe(false);
    expect(isReopening('completed', 'requested')).toBe(false);
    expect(transitionNeedsReason('accepted', 'cancelled')).toBe(true);
    expect(transitionNeedsReason('cancelled', 'requested')).toBe(true);
    expect(transitionNeedsReason('requested', 'accepted')).toBe(false);
  });
});
