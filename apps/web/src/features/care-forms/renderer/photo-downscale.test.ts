import { describe, expect, it } from 'vitest';
import { fitWithin, PHOTO_MAX_SIDE_PX } from './photo-downscale';

describe('fitWithin', () => {
  it('scales a phone photo to 1600 px on its longest side, keeping its proportions', () => {
    expect(PHOTO_MAX_SIDE_PX).toBe(1600);
    expect(fitWithin(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: 1600 });
  });

  it('never enlarges a small photo', () => {
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('keeps every side at least one pixel', () => {
    expect(fitWithin(10_000, 1)).toEqual({ width: 1600, height: 1 });
    expect(fitWithin(0, 0)).toEqual({ width: 1, height: 1 });
  });
});
