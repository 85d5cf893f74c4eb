import { describe, expect, it } from 'vitest';
import { typedFontSize } from './signature-typed';

describe('typedFontSize', () => {
  it('writes a short name at 48 px on a signature pad, never taller than 45 percent of the pad', () => {
    expect(typedFontSize(300, 358, 160)).toBe(48);
    // A pad 100 px tall: 45 px, not 48.
    expect(typedFontSize(100, 358, 100)).toBe(45);
    expect(typedFontSize(100, 358, 80)).toBe(36);
  });

  it('shrinks a long name to the pad’s width inside its 16 px margins', () => {
    // 1300 px wide at 100 px on a 358 px pad: (358 - 32) / 13 = 25.07 px.
    expect(typedFontSize(1300, 358, 160)).toBe(25);
  });

  it('keeps 12 px for a name too long to fit, and 48 px when nothing was measured', () => {
    expect(typedFontSize(10_000, 358, 160)).toBe(12);
    expect(typedFontSize(0, 358, 160)).toBe(48);
  });
});
