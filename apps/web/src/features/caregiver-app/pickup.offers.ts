import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptPickupInvitationOutput, CaregiverPickupOfferOutput } from '@hearth/shared/shifts/pickup-invitations.schema';
import { errorMessageOf, httpStatusOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';
import { i18n } from '@/i18n/i18n.setup';
import { useRefreshCounts } from '@/api/caregiver-app-counts';

/** A shift just accepted, with what the caregiver needs to find it on the schedule. */
interface Accepted extends AcceptPickupInvitationOutput {
  timezone: string;
  clientDisplayName: string;
}

/**
 * The pickup offers and what is done with them: `offers` (caregiverAppGetPickupInvitations, refetched on window
 * focus), `accept` (caregiverAppAcceptPickupInvitation; on success the shift is kept in `accepted` with its time
 * zone and client, on failure a notice, orange for the 409 of someone faster), `decline`
 * (caregiverAppDeclinePickupInvitation, for the offer in `declining`, the one whose decline is being asked). After
 * either, the offers, the schedule and the app's counts are refreshed.
 */
export function usePickupOffers() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refreshCounts = useRefreshCounts();
  const offers = useQuery(trpc.caregiverAppGetPickupInvitations.queryOptions(undefined, { refetchOnWindowFocus: true }));
  const [accepted, setAccepted] = useState<Accepted | null>(null);
  const [declining, setDeclining] = useState<CaregiverPickupOfferOutput | null>(null);

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.caregiverAppGetPickupInvitations.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.caregiverAppGetShifts.pathKey() }),
      refreshCounts(),
    ]);
  };

  const accept = useMutation(
    trpc.caregiverAppAcceptPickupInvitation.mutationOptions({
      onSuccess: (result, _input) => {
        const offer = offers.data?.find((o) => o.scheduleId === result.scheduleId);
        setAccepted({
          ...result,
          timezone: offer?.timezone ?? 'America/New_York',
          clientDisplayName: offer?.clientDisplayName ?? i18n.t('pickupNotices.theClient'),
        });
        void refresh();
      },
      onError: (error) => {
        notifications.show({
          color: httpStatusOf(error) === 409 ? 'orange' : 'red',
          title: i18n.t('pickupNotices.notAccepted'),
          message: errorMessageOf(error),
        });
        void refresh();
      },
    }),
  );

  const decline = useMutation(
    trpc.caregiverAppDeclinePickupInvitation.mutationOptions({
      onSuccess: () => {
        setDeclining(null);
        notifications.show({ message: i18n.t('pickupNotices.declined') });
        void refresh();
      },
      onError: (error) => {
        setDeclining(null);
        notifications.show({ color: 'red', title: i18n.t('pickupNotices.notDeclined'), message: errorMessageOf(error) });
        void refresh();
      },
    }),
  );

  return { offers, accepted, setAccepted, declining, setDeclining, accept, decline };
}
