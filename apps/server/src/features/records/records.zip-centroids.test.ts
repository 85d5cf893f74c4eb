import { describe, expect, it } from 'vitest';
import { zipCentroid } from './records.zip-centroids';

/** Great-circle distance in kilometres between two WGS84 points (haversine), to check a centroid is near a place. */
function km(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

describe('zipCentroid', () => {
  it('places a ZIP near its city, with the city and state of the table', async () => {
    const omaha = await zipCentroid('68102');
    expect(omaha).toMatchObject({ zip: '68102', city: 'Omaha', state: 'NE' });
    // Downtown Omaha (the Douglas County courthouse) is within a few kilometres of the ZIP's centre.
    expect(km(omaha!, { lat: 41.2587, lon: -95.9378 })).toBeLessThan(5);
    const boston = await zipCentroid('02108');
    expect(boston).toMatchObject({ zip: '02108', city: 'Boston', state: 'MA' });
    expect(km(boston!, { lat: 42.3588, lon: -71.0616 })).toBeLessThan(3);
  });

  it('reads every form normalizeZip reads: a dropped leading zero, ZIP+4 with or without its hyphen', async () => {
    const boston = await zipCentroid('02108');
    expect(await zipCentroid('2108')).toEqual(boston);
    expect(await zipCentroid('02108-1234')).toEqual(boston);
    expect(await zipCentroid('021081234')).toEqual(boston);
    expect(await zipCentroid(' 68102 ')).toEqual(await zipCentroid('68102'));
  });

  it('gives null for no ZIP, a placeholder, a text that is no ZIP, a ZIP nobody uses and a military ZIP', async () => {
    for (const zip of [null, undefined, '', '00000', 'ABCDE', '123456', '99999', '09001']) {
      expect(await zipCentroid(zip)).toBeNull();
    }
  });
});
