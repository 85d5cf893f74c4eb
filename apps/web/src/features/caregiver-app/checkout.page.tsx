import { Alert, Anchor, Button, Checkbox, Group, Loader, NumberInput, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconClipboardList, IconCloudOff, IconDeviceFloppy, IconInfoCircle } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import type { CareSheetCheckOutDetails, CareSheetFields } from '@hearth/shared/care-sheets/care-sheets.schema';
import { errorMessageOf } from '@/api/api-error';
import { careSheetFormErrors, careSheetFormValues, taskChoices, type CareSheetFormValues } from './care-sheet-form';
import { useCheckOutDetails } from './checkout-details';
import { useCareSheetSave } from './checkout.save';
import { Section } from './checkout.section';
import { CaregiverSignSection, ClientSignSection } from './checkout.signatures';
import type { OfflineVisit } from './offline/offline-visits-store';
import { useOfflineVisit } from './offline/offline-visits-live';
import { visitClock, visitDay, visitHours } from './visit-format';

/** Whether a visit stored on the phone holds care sheet answers (not only check-in and check-out times). */
function hasSheetAnswers(visit: OfflineVisit | undefined): visit is OfflineVisit {
  return visit?.completed_tasks !== undefined;
}

function VisitSummary(props: { details: CareSheetCheckOutDetails; visit: OfflineVisit | undefined }) {
  const { details, visit } = props;
  const zone = details.timezone;
  const checkIn = details.checkIn ?? visit?.checkInOut.checkIn ?? null;
  const checkOut = details.checkOut ?? visit?.checkInOut.checkOut ?? null;
  return (
    <Stack gap={2}>
      <Text fw={600} size="lg">
        {details.clientName}
      </Text>
      <Text size="sm">
        {visitDay(details.startTimestamp, zone)} · {visitHours(details.startTimestamp, details.endTimestamp, zone)}
      </Text>
      <Text size="sm" c="dimmed">
        Checked in {checkIn ? visitClock(checkIn, zone) : '—'} · Checked out {checkOut ? visitClock(checkOut, zone) : '—'}
      </Text>
    </Stack>
  );
}

function CareSheetForm(props: { details: CareSheetCheckOutDetails; previous: Partial<CareSheetFields> | null; shiftId: number }) {
  const { details, previous, shiftId } = props;
  const form = useForm<CareSheetFormValues>({
    initialValues: careSheetFormValues(previous),
    validate: (values) => careSheetFormErrors(values),
    validateInputOnChange: ['miles', 'trips', 'caregiver_comment', 'completed_tasks'],
  });
  const values = form.getValues();
  const tasks = taskChoices(details, values.completed_tasks);
  const { saving, saveError, showInvalid, onSubmit } = useCareSheetSave(shiftId, form);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Section title="Tasks done">
          {tasks.length === 0 ? (
            <Text size="sm" c="dimmed">
              The client&apos;s care plan lists no tasks. Say what you did in the comment.
            </Text>
          ) : (
            <Checkbox.Group aria-label="Tasks done" {...form.getInputProps('completed_tasks')}>
              <Stack gap="sm">
                {tasks.map((task) => (
                  <Checkbox key={task} value={task} label={task} size="md" />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        </Section>

        <Section title="Comment and transportation">
          <Textarea
            label="Comment"
            placeholder="How the visit went, anything the office should know"
            autosize
            minRows={3}
            size="sm"
            {...form.getInputProps('caregiver_comment')}
          />
          <Group grow gap="sm" align="flex-start">
            <NumberInput
              label="Miles"
              min={0}
              max={1000}
              decimalScale={1}
              size="sm"
              inputMode="decimal"
              {...form.getInputProps('miles')}
            />
            <NumberInput
              label="Trips"
              min={0}
              max={100}
              allowDecimal={false}
              size="sm"
              inputMode="numeric"
              {...form.getInputProps('trips')}
            />
          </Group>
        </Section>

        <ClientSignSection form={form} />
        <CaregiverSignSection form={form} />

        {showInvalid && (
          <Alert color="red" title="Care sheet not saved">
            Some answers need a look: see the messages in red.
          </Alert>
        )}
        {saveError && (
          <Alert color="red" title="Care sheet not saved">
            {saveError}
          </Alert>
        )}
        <Button type="submit" size="md" fullWidth loading={saving} leftSection={<IconDeviceFloppy size={18} />}>
          Save care sheet
        </Button>
      </Stack>
    </form>
  );
}

/**
 * /app/care-sheets/{care_sheet_id}/shifts/{shift_id}/checkout (issue item 5): the care sheet filled in at
 * check-out. The details come from getCareSheetCheckOutDetails (or the copy on the phone when offline; the
 * care_sheet_id is then the literal "offline"); the answers saved before, on the server or on this phone, are
 * filled in. Saving goes through submitVisit: sent now -> the sheet's review page; no network -> kept on the
 * phone until it uploads, and back to the schedule.
 */
export function CheckOutPage() {
  const params = useParams();
  const shiftId = Number(params.shiftId);
  const { details, source, loading, error } = useCheckOutDetails(shiftId);
  const visit = useOfflineVisit(shiftId);
  const carePlanId = details?.carePlanId;
  const onPhone = hasSheetAnswers(visit);
  const previous: Partial<CareSheetFields> | null = onPhone ? visit : (details?.previous ?? null);

  return (
    <Stack gap="md" pb="xl">
      <Group justify="space-between" align="center" wrap="nowrap">
        <Title order={3}>Care sheet</Title>
        {carePlanId !== undefined && (
          <Anchor component={Link} to={`/app/care-plans/${carePlanId}?shiftId=${shiftId}`} size="sm">
            <Group gap={4} component="span" wrap="nowrap">
              <IconClipboardList size={16} />
              View care plan
            </Group>
          </Anchor>
        )}
      </Group>
      {loading && <Loader size="sm" aria-label="Loading the visit" />}
      {!loading && !details && (
        <Alert color="red" title="This visit cannot be opened">
          {errorMessageOf(error)}
        </Alert>
      )}
      {details && (
        <>
          <VisitSummary details={details} visit={visit} />
          {source === 'phone' && (
            <Alert color="orange" icon={<IconCloudOff size={18} />} p="xs">
              You are offline: this visit was saved on the phone earlier. The care sheet will upload when you are back online.
            </Alert>
          )}
          {previous && (onPhone || details.previous?.submittedAt) && (
            <Alert color="blue" icon={<IconInfoCircle size={18} />} p="xs">
              {onPhone
                ? 'Your answers saved on this phone are filled in.'
                : `Saved before on ${visitDay(details.previous!.submittedAt!, details.timezone)} at ${visitClock(details.previous!.submittedAt!, details.timezone)}: your answers are filled in.`}
            </Alert>
          )}
          <CareSheetForm
            key={`${source}-${onPhone ? 'phone' : 'server'}`}
            details={details}
            previous={previous}
            shiftId={shiftId}
          />
        </>
      )}
    </Stack>
  );
}
