import { useState } from 'react';
import { Select } from '@mantine/core';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAllowedActions } from '@/api/allowed-actions';
import { useCurrentUser } from '@/api/current-user';
import { useTRPC } from '@/api/trpc';
import { ClientPicker as SharedClientPicker } from '@/components/records/client-picker';
import { formatInstant } from '@/format/instant-format';

/** A picked option and its label, kept so the label still shows while another search lists other options. */
export interface PickedOption {
  value: string;
  label: string;
}

/** Days before and after today in which a client's visits are offered for a new form. */
const VISIT_WINDOW_DAYS = 14;

/** The active care form types of the agency (careFormTypes.list), by name. */
export function TypeSelect(props: { value: string | null; onChange: (value: string | null) => void; enabled: boolean }) {
  const { t } = useTranslation('careForms');
  const trpc = useTRPC();
  const types = useQuery({ ...trpc.careFormTypes.list.queryOptions(props.enabled ? undefined : skipToken) });
  const active = (types.data ?? []).filter((type) => type.status === 'active');
  return (
    <Select
      label={t('new.type')}
      required
      searchable
      data={active.map((type) => ({ value: String(type.id), label: type.name }))}
      value={props.value}
      onChange={props.onChange}
      nothingFoundMessage={types.isPending ? t('new.loading') : t('new.noActiveTypes')}
      placeholder={t('new.typePlaceholder')}
    />
  );
}

/** A client of the caller's branches found by name (the shared records ClientPicker), worded for this dialog. */
export function ClientPicker(props: { value: PickedOption | null; onChange: (value: PickedOption | null) => void }) {
  const { t } = useTranslation('careForms');
  return <SharedClientPicker {...props} label={t('new.client')} placeholder={t('new.typeClient')} />;
}

/** A visit of the client picked: its id, and its caregiver's record (to offer them as the one to fill the form). */
export interface PickedVisit {
  shiftId: number;
  caregiverId: number | null;
  caregiverName: string | null;
}

/**
 * The client's visit the form is about (optional): their visits from VISIT_WINDOW_DAYS before today to as many
 * after (getShifts), written in the visit's branch zone, with the caregiver's name.
 */
export function VisitSelect(props: {
  clientId: number | null;
  value: PickedVisit | null;
  onChange: (value: PickedVisit | null) => void;
}) {
  const { t } = useTranslation('careForms');
  const trpc = useTRPC();
  const { can } = useAllowedActions();
  const [range] = useState(() => {
    const now = Date.now();
    const day = 86_400_000;
    return {
      after: new Date(now - VISIT_WINDOW_DAYS * day).toISOString(),
      before: new Date(now + VISIT_WINDOW_DAYS * day).toISOString(),
    };
  });
  const shifts = useQuery(
    trpc.getShifts.queryOptions(props.clientId !== null && can('getShifts') ? { ...range, clientId: props.clientId } : skipToken),
  );
  const visits = [...(shifts.data ?? [])].sort((a, b) => b.startTimestamp.localeCompare(a.startTimestamp));
  return (
    <Select
      label={t('new.visit')}
      description={t('new.visitHint')}
      clearable
      searchable
      disabled={props.clientId === null}
      data={visits.map((s) => ({
        value: String(s.id),
        label: `${formatInstant(s.startTimestamp, s.timezone, { zoneName: 'never' })} – ${formatInstant(s.endTimestamp, s.timezone, { style: 'time' })} · ${s.caregiverName ?? t('new.noCaregiver')}`,
      }))}
      value={props.value ? String(props.value.shiftId) : null}
      nothingFoundMessage={t('new.noVisits')}
      onChange={(value) => {
        const shift = visits.find((s) => String(s.id) === value);
        props.onChange(shift ? { shiftId: shift.id, caregiverId: shift.caregiverId, caregiverName: shift.caregiverName } : null);
      }}
    />
  );
}

/**
 * Who is to fill the form (optional): no one in particular, the caller, or the picked visit's caregiver when they
 * have a sign-in (getCaregiver's login). The value is a user id.
 */
export function AssigneeSelect(props: {
  visit: PickedVisit | null;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation('careForms');
  const trpc = useTRPC();
  const { can } = useAllowedActions();
  const me = useCurrentUser().data;
  const caregiverId = props.visit?.caregiverId ?? null;
  const caregiver = useQuery(
    trpc.getCaregiver.queryOptions(caregiverId !== null && can('getCaregiver') ? { id: caregiverId } : skipToken),
  );
  const login = caregiver.data?.login;
  const data = [{ value: '', label: t('new.anyone') }];
  if (me) data.push({ value: String(me.id), label: t('new.me', { name: `${me.firstName} ${me.lastName}` }) });
  if (login?.isActive && login.userId !== me?.id) {
    data.push({
      value: String(login.userId),
      label: t('new.visitCaregiver', { name: props.visit?.caregiverName ?? login.username }),
    });
  }
  return (
    <Select
      label={t('new.assignee')}
      description={t('new.assigneeHint')}
      data={data}
      value={props.value ?? ''}
      allowDeselect={false}
      onChange={(value) => props.onChange(value ? value : null)}
    />
  );
}
