import { Alert, Anchor, Badge, Button, Card, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconCheck, IconHandOff, IconMapPin, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { CaregiverPickupOfferOutput } from '@hearth/shared/shifts/pickup-invitations.schema';
import { errorMessageOf } from '@/api/api-error';
import { usePickupOffers } from './pickup.offers';
import { milesFromMetres, scheduleAt, visitDay, visitHours } from './visit-format';

function OfferCard(props: {
  offer: CaregiverPickupOfferOutput;
  busy: boolean;
  accepting: boolean;
  onAccept: () => void;
  onDecline: () => void;
}) {
  const { offer, busy, accepting, onAccept, onDecline } = props;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`Open shift with ${offer.clientDisplayName}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text fw={600}>{visitDay(offer.startTimestamp, offer.timezone)}</Text>
            <Text size="sm">{visitHours(offer.startTimestamp, offer.endTimestamp, offer.timezone)}</Text>
          </div>
          {offer.serviceCode && (
            <Badge variant="light" color="blue">
              {offer.serviceCode}
            </Badge>
          )}
        </Group>
        <Text size="sm" fw={500}>
          {offer.clientDisplayName}
        </Text>
        <Group gap={4} c="dimmed" wrap="nowrap">
          <IconMapPin size={14} />
          <Text size="sm">
            {offer.city ?? 'Town not given'} · {milesFromMetres(offer.distanceMetres)}
          </Text>
        </Group>
        <Group grow gap="sm" mt={6}>
          <Button variant="default" leftSection={<IconX size={16} />} disabled={busy} onClick={onDecline}>
            Decline
          </Button>
          <Button leftSection={<IconCheck size={16} />} loading={accepting} disabled={busy && !accepting} onClick={onAccept}>
            Accept
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * /app/pickup (issue item 3): the open shifts the agency invited this caregiver to pick up
 * (caregiverAppGetPickupInvitations), soonest first, each with its day and hours in the shift's time zone, service,
 * the client's first name and initial, town and distance in miles. Accept gives the shift to the first who accepts
 * (caregiverAppAcceptPickupInvitation): when someone was faster the server's 409 message shows and the list
 * refreshes; once accepted, a link opens the schedule at that time. Decline asks first.
 */
export function PickupPage() {
  const { offers, accepted, setAccepted, declining, setDeclining, accept, decline } = usePickupOffers();
  const busy = accept.isPending || decline.isPending;
  return (
    <Stack gap="md">
      <Title order={3}>Pickup</Title>
      {accepted && (
        <Alert
          color="teal"
          icon={<IconCheck size={18} />}
          title="Shift accepted"
          withCloseButton
          onClose={() => setAccepted(null)}
        >
          <Stack gap={4}>
            <Text size="sm">
              {visitDay(accepted.startTimestamp, accepted.timezone)},{' '}
              {visitHours(accepted.startTimestamp, accepted.endTimestamp, accepted.timezone)} · {accepted.clientDisplayName}
            </Text>
            <Anchor component={Link} to={scheduleAt(accepted.startTimestamp)} size="sm" fw={500}>
              <Group gap={4} component="span">
                <IconCalendarEvent size={16} />
                See it on your schedule
              </Group>
            </Anchor>
          </Stack>
        </Alert>
      )}
      {offers.isPending && <Loader size="sm" aria-label="Loading pickup offers" />}
      {offers.isError && <Alert color="red">{errorMessageOf(offers.error)}</Alert>}
      {offers.data?.length === 0 && (
        <Card withBorder radius="md" padding="lg">
          <Stack gap={4} align="center" ta="center">
            <IconHandOff size={28} stroke={1.5} color="var(--mantine-color-dimmed)" />
            <Text fw={500}>No open shifts for you right now</Text>
            <Text size="sm" c="dimmed">
              When the office invites you to pick up a shift, it shows here.
            </Text>
          </Stack>
        </Card>
      )}
      {offers.data?.map((offer) => (
        <OfferCard
          key={offer.id}
          offer={offer}
          busy={busy}
          accepting={accept.isPending && accept.variables.id === offer.id}
          onAccept={() => accept.mutate({ id: offer.id })}
          onDecline={() => setDeclining(offer)}
        />
      ))}
      <Modal opened={declining !== null} onClose={() => setDeclining(null)} title="Decline this shift?" centered>
        {declining && (
          <Stack gap="md">
            <Text size="sm">
              {visitDay(declining.startTimestamp, declining.timezone)},{' '}
              {visitHours(declining.startTimestamp, declining.endTimestamp, declining.timezone)} · {declining.clientDisplayName}
            </Text>
            <Text size="sm" c="dimmed">
              The offer goes away from your list.
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setDeclining(null)}>
                Keep it
              </Button>
              <Button color="red" loading={decline.isPending} onClick={() => decline.mutate({ id: declining.id })}>
                Decline
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
