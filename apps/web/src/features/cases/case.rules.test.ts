import { describe, expect, it } from 'vitest';
import { caseStatusColor, inputToInstant, instantToInput, moveKind, pdfBytes } from './case.rules';

describe('case rules', () => {
  it('asks a reason to cancel and to reopen a closed case, not for the other moves', () => {
    expect(moveKind('requested', 'cancelled')).toBe('cancel');
    expect(moveKind('in-progress', 'cancelled')).toBe('cancel');
    expect(moveKind('completed', 'in-progress')).toBe('reopen');
    expect(moveKind('cancelled', 'requested')).toBe('reopen');
    expect(moveKind('requested', 'accepted')).toBe('plain');
    expect(moveKind('in-progress', 'completed')).toBe('plain');
  });

  it('colours closed statuses apart', () => {
    expect(caseStatusColor('completed')).toBe('green');
    expect(caseStatusColor('cancelled')).toBe('red');
    expect(caseStatusColor('draft')).toBe('gray');
  });

  it("reads the time it happened as wall-clock time in the user's zone, across a DST change", () => {
    expect(inputToInstant('2026-03-08T01:30', 'America/New_York')).toBe('2026-03-08T06:30:00Z');
    expect(inputToInstant('2026-03-08T03:30', 'America/New_York')).toBe('2026-03-08T07:30:00Z');
    expect(inputToInstant('', 'America/New_York')).toBeNull();
    expect(inputToInstant('not a time', 'America/New_York')).toBeNull();
    expect(instantToInput(new Date('2026-11-02T14:05:00Z'), 'America/Chicago')).toBe('2026-11-02T08:05');
  });

  it('turns base64 into the PDF bytes', () => {
    expect(Array.from(pdfBytes(btoa('%PDF')))).toEqual([37, 80, 68, 70]);
  });
});
