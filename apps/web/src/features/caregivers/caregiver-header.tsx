import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CaregiverStatus } from '@hearth/shared/caregivers/caregivers.constants';
import type { CaregiverOutput } from '@hearth/shared/caregivers/caregivers.schema';
import { useTRPC } from '@/api/trpc';
import { ProfileHeader, ProfileLoadState, StatusBadge, useRouteId } from '@/components/records/profile-header';

const STATUS_COLORS: Record<CaregiverStatus, string> = {
  applicant: 'blue',
  active: 'teal',
  inactive: 'gray',
  terminated: 'dark',
};

/** The caregiver's status as a badge in its colour, named in the shown language. */
export function CaregiverStatusBadge({ status }: { status: CaregiverStatus }) {
  const { t } = useTranslation('records');
  return <StatusBadge color={STATUS_COLORS[status]} label={t(`caregivers.statuses.${status}`)} />;
}

/** The caregiver id of the route (/caregivers/{id}/...), or null when it is not a positive whole number. */
export const useCaregiverId = useRouteId;

/** The caregiver of the route with their credentials, loaded once for the header and the sections. */
export function useCaregiver(id: number | null) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.getCaregiver.queryOptions({ id: id ?? 0 }), enabled: id !== null });
}

/** The top of every caregiver page: back link, name, status badge, branch and phone (when there is one). */
export function CaregiverHeader({ caregiver }: { caregiver: CaregiverOutput }) {
  const { t } = useTranslation('common');
  const badge = <CaregiverStatusBadge status={caregiver.status} />;
  const facts = [
    { label: t('fields.branch'), value: caregiver.branchName },
    { label: t('fields.phone'), value: caregiver.phoneNumber || false },
  ];
  return <ProfileHeader noun="caregiver" person={caregiver} badge={badge} facts={facts} />;
}

/** While the caregiver loads or when they cannot be shown (404 outside the caller's branches). */
export function CaregiverLoadState({ id, query }: { id: number | null; query: ReturnType<typeof useCaregiver> }) {
  return <ProfileLoadState id={id} query={query} noun="caregiver" />;
}
