/** US time zones offered by the user and branch forms, as IANA names with a readable label. */
export const US_TIME_ZONES = [
  { value: 'America/New_York', label: 'Eastern (New York)' },
  { value: 'America/Detroit', label: 'Eastern (Detroit)' },
  { value: 'America/Indiana/Indianapolis', label: 'Eastern (Indianapolis)' },
  { value: 'America/Kentucky/Louisville', label: 'Eastern (Louisville)' },
  { value: 'America/Chicago', label: 'Central (Chicago)' },
  { value: 'America/Indiana/Knox', label: 'Central (Knox, Indiana)' },
  { value: 'America/Menominee', label: 'Central (Menominee)' },
  { value: 'America/Denver', label: 'Mountain (Denver)' },
  { value: 'America/Boise', label: 'Mountain (Boise)' },
  { value: 'America/Phoenix', label: 'Mountain, no DST (Phoenix)' },
  { value: 'America/Los_Angeles', label: 'Pacific (Los Angeles)' },
  { value: 'America/Anchorage', label: 'Alaska (Anchorage)' },
  { value: 'Pacific/Honolulu', label: 'Hawaii (Honolulu)' },
  { value: 'America/Puerto_Rico', label: 'Atlantic (Puerto Rico)' },
  { value: 'Pacific/Guam', label: 'Chamorro (Guam)' },
] as const;

/**
 * The time zone options for a select, keeping `current` selectable when it is a valid zone outside the US list
 * (a user or branch saved elsewhere must not lose its value just by opening the form).
 */
export function timeZoneOptions(current: string | null | undefined): { value: string; label: string }[] {
  const options: { value: string; label: string }[] = US_TIME_ZONES.map((zone) => ({ ...zone }));
  if (current && !options.some((option) => option.value === current)) options.push({ value: current, label: current });
  return options;
}
