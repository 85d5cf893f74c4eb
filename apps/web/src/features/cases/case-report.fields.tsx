import { useState } from 'react';
import { MultiSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CASE_MAX_CAREGIVERS, CASE_PRIORITIES } from '@hearth/shared/cases/cases.constants';
import { useAllowedActions } from '@/api/allowed-actions';
import { useTRPC } from '@/api/trpc';
import { ClientPicker as SharedClientPicker } from '@/components/records/client-picker';
import { formatInstant } from '@/format/instant-format';

/** A picked option and its label, kept so the label still shows while another search lists other options. */
export interface CaseOption {
  value: string;
  label: string;
}

/** The active case types of the agency (caseTypes.list), by name. */
export function CaseTypeSelect(props: { value: string | null; onChange: (value: string | null) => void; enabled: boolean }) {
  const { t } = useTranslation('cases');
  const trpc = useTRPC();
  const types = useQuery(trpc.caseTypes.list.queryOptions(props.enabled ? undefined : skipToken));
  const active = (types.data ?? []).filter((type) => type.status === 'active');
  return (
    <Select
      label={t('report.type')}
      required
      searchable
      data={active.map((type) => ({ value: String(type.id), label: type.name }))}
      value={props.value}
      onChange={props.onChange}
      nothingFoundMessage={types.isPending ? t('report.loading') : t('report.noTypes')}
      placeholder={t('report.typePlaceholder')}
    />
  );
}

/** A case priority (FHIR Task.priority), optionally empty for the type's default. */
export function PrioritySelect(props: {
  label: string;
  description?: string;
  value: string | null;
  onChange: (value: string | null) => void;
  clearable?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation('cases');
  return (
    <Select
      label={props.label}
      description={props.description}
      clearable={props.clearable}
      allowDeselect={props.clearable ?? false}
      disabled={props.disabled}
      data={CASE_PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))}
      value={props.value}
      onChange={props.onChange}
    />
  );
}

/**
 * The caregivers involved: caregivers of the caller's branches found by name (queryOptionsView 'caregivers', 250 ms
 * after the last keystroke); those picked stay listed with their names. Values are caregiver ids.
 */
export function CaregiversPicker(props: { value: CaseOption[]; onChange: (value: CaseOption[]) => void }) {
  const { t } = useTranslation('cases');
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim().split(/[\s,]+/)[0] ?? '', 250);
  const options = useQuery({
    ...trpc.queryOptionsView.queryOptions(debounced !== '' ? { view: 'caregivers', value: debounced } : skipToken),
    placeholderData: keepPreviousData,
  });
  const data = [...(options.data ?? [])];
  for (const picked of props.value) if (!data.some((o) => o.value === picked.value)) data.push(picked);
  return (
    <MultiSelect
      label={t('report.caregivers')}
      description={t('report.caregiversHint')}
      searchable
      clearable
      maxValues={CASE_MAX_CAREGIVERS}
      data={data}
      value={props.value.map((o) => o.value)}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the text; filtering again would hide "Lee, Ann" for "ann lee".
      filter={({ options: all }) => all}
      nothingFoundMessage={t('report.caregiversHint')}
      onChange={(values) => {
        props.onChange(values.map((v) => data.find((o) => o.value === v) ?? { value: v, label: v }));
        setSearch('');
      }}
    />
  );
}

/** A client of the caller's branches found by name (the shared records ClientPicker), worded for this dialog. */
export function ClientPicker(props: { value: CaseOption | null; onChange: (value: CaseOption | null) => void }) {
  const { t } = useTranslation('cases');
  return <SharedClientPicker {...props} label={t('report.client')} placeholder={t('report.typeClient')} />;
}

/** Days before today in which a client's visits are offered for a report (and one day after, for today's). */
const VISIT_WINDOW_DAYS = 14;

/** A visit picked for a report: its id and its caregiver (added to the caregivers involved). */
export interface CaseVisit {
  shiftId: number;
  caregiverId: number | null;
  caregiverName: string | null;
}

/**
 * The visit the case happened during or after (optional): the client's visits of the last VISIT_WINDOW_DAYS days
 * and today (getShifts), newest first, written in the visit's branch zone with the caregiver's name.
 */
export function VisitSelect(props: {
  clientId: number | null;
  value: number | null;
  onChange: (value: CaseVisit | null) => void;
}) {
  const { t } = useTranslation('cases');
  const trpc = useTRPC();
  const { can } = useAllowedActions();
  const [range] = useState(() => {
    const now = Date.now();
    const day = 86_400_000;
    return { after: new Date(now - VISIT_WINDOW_DAYS * day).toISOString(), before: new Date(now + day).toISOString() };
  });
  const shifts = useQuery(
    trpc.getShifts.queryOptions(props.clientId !== null && can('getShifts') ? { ...range, clientId: props.clientId } : skipToken),
  );
  const visits = [...(shifts.data ?? [])].sort((a, b) => b.startTimestamp.localeCompare(a.startTimestamp));
  return (
    <Select
      label={t('report.visit')}
      description={t('report.visitHint')}
      clearable
      searchable
      disabled={props.clientId === null}
      data={visits.map((s) => ({
        value: String(s.id),
        label: `${formatInstant(s.startTimestamp, s.timezone, { zoneName: 'never' })} – ${formatInstant(s.endTimestamp, s.timezone, { style: 'time' })} · ${s.caregiverName ?? t('report.noCaregiver')}`,
      }))}
      value={props.value === null ? null : String(props.value)}
      nothingFoundMessage={t('report.noVisits')}
      onChange={(value) => {
        const shift = visits.find((s) => String(s.id) === value);
        props.onChange(shift ? { shiftId: shift.id, caregiverId: shift.caregiverId, caregiverName: shift.caregiverName } : null);
      }}
    />
  );
}
