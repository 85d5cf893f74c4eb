import { DateTime } from 'luxon';
import type { PayrollVisit } from './payroll-line';

/** Helpers of the payroll unit tests: New York wall-clock visits at points a known number of miles apart. */
export const NY = 'America/New_York';

/** An instant from a wall-clock time in New York: "2025-03-03 09:00". */
export const ny = (local: string) => DateTime.fromFormat(local, 'yyyy-MM-dd HH:mm', { zone: NY }).toJSDate();

/** Degrees of latitude of `miles` along a meridian on the haversine sphere (R = 6,371,008.8 m). */
const degreesOfMiles = (miles: number) => (miles * 1609.344 * 180) / (6_371_008.8 * Math.PI);

/** A client's address `milesNorth` miles north of a point in Boston. */
export const north = (milesNorth: number) => ({ lat: 42.35 + degreesOfMiles(milesNorth), lon: -71.06 });

let nextId = 1;

/** A worked visit from two New York wall-clock times, at client 1 in Boston unless told. */
export function visit(from: string, to: string, patch: Partial<PayrollVisit> = {}): PayrollVisit {
  return { id: nextId++, clientId: 1, checkIn: ny(from), checkOut: ny(to), location: north(0), serviceCode: null, ...patch };
}
