/**
 * The time zones in use in each US state, territory and DC (two-letter USPS codes), as IANA names (those of
 * US_TIME_ZONES in time-zones.ts where one fits), the zone most of the state uses first. States split between two zones list both (Nebraska's
 * panhandle keeps Mountain time, Florida's west of the Apalachicola Central time, the Navajo Nation in Arizona
 * daylight saving time). Source: the US time zone
 * boundaries of 49 CFR part 71 and the IANA tz database's zone of each region.
 */
const STATE_TIME_ZONES: Record<string, readonly string[]> = {
  AL: ['America/Chicago'],
  AK: ['America/Anchorage', 'America/Adak'],
  AS: ['Pacific/Pago_Pago'],
  AZ: ['America/Phoenix', 'America/Denver'],
  AR: ['America/Chicago'],
  CA: ['America/Los_Angeles'],
  CO: ['America/Denver'],
  CT: ['America/New_York'],
  DE: ['America/New_York'],
  DC: ['America/New_York'],
  FL: ['America/New_York', 'America/Chicago'],
  GA: ['America/New_York'],
  GU: ['Pacific/Guam'],
  HI: ['Pacific/Honolulu'],
  ID: ['America/Boise', 'America/Los_Angeles'],
  IL: ['America/Chicago'],
  IN: ['America/Indiana/Indianapolis', 'America/Indiana/Knox', 'America/New_York', 'America/Chicago'],
  IA: ['America/Chicago'],
  KS: ['America/Chicago', 'America/Denver'],
  KY: ['America/New_York', 'America/Kentucky/Louisville', 'America/Chicago'],
  LA: ['America/Chicago'],
  ME: ['America/New_York'],
  MD: ['America/New_York'],
  MA: ['America/New_York'],
  MI: ['America/Detroit', 'America/New_York', 'America/Menominee'],
  MN: ['America/Chicago'],
  MS: ['America/Chicago'],
  MO: ['America/Chicago'],
  MP: ['Pacific/Guam'],
  MT: ['America/Denver'],
  NE: ['America/Chicago', 'America/Denver'],
  NV: ['America/Los_Angeles'],
  NH: ['America/New_York'],
  NJ: ['America/New_York'],
  NM: ['America/Denver'],
  NY: ['America/New_York'],
  NC: ['America/New_York'],
  ND: ['America/Chicago', 'America/Denver'],
  OH: ['America/New_York'],
  OK: ['America/Chicago'],
  OR: ['America/Los_Angeles', 'America/Boise'],
  PA: ['America/New_York'],
  PR: ['America/Puerto_Rico'],
  RI: ['America/New_York'],
  SC: ['America/New_York'],
  SD: ['America/Chicago', 'America/Denver'],
  TN: ['America/Chicago', 'America/New_York'],
  TX: ['America/Chicago', 'America/Denver'],
  UT: ['America/Denver'],
  VT: ['America/New_York'],
  VA: ['America/New_York'],
  VI: ['America/Puerto_Rico'],
  WA: ['America/Los_Angeles'],
  WV: ['America/New_York'],
  WI: ['America/Chicago'],
  WY: ['America/Denver'],
};

/**
 * The time zones in use in a state (two-letter code, any case), the main one first.
 * @returns IANA names; empty for a code that is no US state or territory.
 */
export function timeZonesOfState(state: string): readonly string[] {
  return STATE_TIME_ZONES[state.trim().toUpperCase()] ?? [];
}
