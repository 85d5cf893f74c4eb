import { Alert, Anchor, Badge, Button, Card, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconCheck, IconHandOff, IconMapPin, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={t('pickup.offerLabel', { client: offer.clientDisplayName })}
    >
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
            {offer.city ?? t('pickup.townMissing')} · {milesFromMetres(offer.distanceMetres)}
          </Text>
        </Group>
        <Group grow gap="sm" mt={6}>
          <Button variant="default" leftSection={<IconX size={16} />} disabled={busy} onClick={onDecline}>
            {t('pickup.decline')}
          </Button>
          <Button leftSection={<IconCheck size={16} />} loading={accepting} disabled={busy && !accepting} onClick={onAccept}>
            {t('pickup.accept')}
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
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={3}>{t('pickup.title')}</Title>
      {accepted && (
        <Alert
          color="teal"
          icon={<IconCheck size={18} />}
          title={t('pickup.accepted')}
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
                {t('pickup.seeOnSchedule')}
              </Group>
            </Anchor>
          </Stack>
        </Alert>
      )}
      {offers.isPending && <Loader size="sm" aria-label={t('pickup.loading')} />}
      {offers.isError && <Alert color="red">{errorMessageOf(offers.error)}</Alert>}
      {offers.data?.length === 0 && (
        <Card withBorder radius="md" padding="lg">
          <Stack gap={4} align="center" ta="center">
            <IconHandOff size={28} stroke={1.5} color="var(--mantine-color-dimmed)" />
            <Text fw={500}>{t('pickup.none')}</Text>
            <Text size="sm" c="dimmed">
              {t('pickup.noneHint')}
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
      <Modal opened={declining !== null} onClose={() => setDeclining(null)} title={t('pickup.declineTitle')} centered>
        {declining && (
          <Stack gap="md">
            <Text size="sm">
              {visitDay(declining.startTimestamp, declining.timezone)},{' '}
              {visitHours(declining.startTimestamp, declining.endTimestamp, declining.timezone)} · {declining.clientDisplayName}
            </Text>
            <Text size="sm" c="dimmed">
              {t('pickup.declineHint')}
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setDeclining(null)}>
                {t('pickup.keep')}
              </Button>
              <Button color="red" loading={decline.isPending} onClick={() => decline.mutate({ id: declining.id })}>
                {t('pickup.decline')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
