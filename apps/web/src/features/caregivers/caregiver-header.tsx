import { useQuery } from '@tanstack/react-query';
import { CAREGIVER_STATUS_LABELS, type CaregiverStatus } from '@hearth/shared/caregivers/caregivers.constants';
import type { CaregiverOutput } from '@hearth/shared/caregivers/caregivers.schema';
import { useTRPC } from '@/api/trpc';
import { ProfileHeader, ProfileLoadState, StatusBadge, useRouteId } from '@/components/records/profile-header';

const STATUS_COLORS: Record<CaregiverStatus, string> = {
  applicant: 'blue',
  active: 'teal',
  inactive: 'gray',
  terminated: 'dark',
};

export function CaregiverStatusBadge({ status }: { status: CaregiverStatus }) {
  return <StatusBadge color={STATUS_COLORS[status]} label={CAREGIVER_STATUS_LABELS[status]} />;
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
  const badge = <CaregiverStatusBadge status={caregiver.status} />;
  const facts = [
    { label: 'Branch', value: caregiver.branchName },
    { label: 'Phone', value: caregiver.phoneNumber || false },
  ];
  return <ProfileHeader noun="caregiver" person={caregiver} badge={badge} facts={facts} />;
}

/** While the caregiver loads or when they cannot be shown (404 outside the caller's branches). */
export function CaregiverLoadState({ id, query }: { id: number | null; query: ReturnType<typeof useCaregiver> }) {
  return <ProfileLoadState id={id} query={query} noun="caregiver" outside="they are outside your branches" />;
}
