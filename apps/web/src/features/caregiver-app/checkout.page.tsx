import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconClipboardList, IconCloudOff, IconDeviceFloppy, IconInfoCircle } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import type { CareSheetCheckOutDetails, CareSheetFields } from '@hearth/shared/care-sheets/care-sheets.schema';
import { errorMessageOf, fieldErrorsOf } from '@/api/api-error';
import {
  careSheetFieldsOf,
  careSheetFormErrors,
  careSheetFormValues,
  serverErrorsOnForm,
  taskChoices,
  type CaregiverSignMode,
  type CareSheetFormValues,
  type ClientSignMode,
} from './care-sheet-form';
import { useCheckOutDetails } from './checkout-details';
import { submitVisit } from './offline/offline-visits';
import type { OfflineVisit } from './offline/offline-visits-store';
import { useOfflineVisit } from './offline/offline-visits-live';
import { SignaturePad } from './signature-pad';
import { visitClock, visitDay, visitHours } from './visit-format';

/** Whether a visit stored on the phone holds care sheet answers (not only check-in and check-out times). */
function hasSheetAnswers(visit: OfflineVisit | undefined): visit is OfflineVisit {
  return visit?.completed_tasks !== undefined;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Text fw={600}>{title}</Text>
        {children}
      </Stack>
    </Paper>
  );
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

const CLIENT_MODES: { value: ClientSignMode; label: string }[] = [
  { value: 'signature', label: 'Signature' },
  { value: 'initials', label: 'Initials' },
  { value: 'unable', label: 'Unable to sign' },
];
const CAREGIVER_MODES: { value: CaregiverSignMode; label: string }[] = [
  { value: 'signature', label: 'Signature' },
  { value: 'initials', label: 'Initials' },
];

function CareSheetForm(props: { details: CareSheetCheckOutDetails; previous: Partial<CareSheetFields> | null; shiftId: number }) {
  const { details, previous, shiftId } = props;
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [triedInvalid, setTriedInvalid] = useState(false);
  const form = useForm<CareSheetFormValues>({
    initialValues: careSheetFormValues(previous),
    validate: (values) => careSheetFormErrors(values),
    validateInputOnChange: ['miles', 'trips', 'caregiver_comment', 'completed_tasks'],
  });
  const values = form.getValues();
  const tasks = taskChoices(details, values.completed_tasks);

  const submit = async (formValues: CareSheetFormValues) => {
    setSaving(true);
    setSaveError(null);
    try {
      // Only the care sheet: the check-in and check-out were sent already or are in the visit stored on the phone.
      const result = await submitVisit({ shift_id: shiftId, submitted: true, checkInOut: {}, ...careSheetFieldsOf(formValues) });
      if (result.status === 'sent') {
        notifications.show({ color: 'teal', message: 'Care sheet saved' });
        void navigate(`/app/care-sheets/${result.care_sheet_id}/review`);
      } else {
        notifications.show({
          color: 'orange',
          icon: <IconCloudOff size={18} />,
          message: 'Saved on this phone. It will upload when you are back online.',
        });
        void navigate('/app');
      }
    } catch (error) {
      form.setErrors(serverErrorsOnForm(fieldErrorsOf(error), formValues.clientMode));
      setSaveError(errorMessageOf(error));
    } finally {
      setSaving(false);
    }
  };

  const invalid = () => {
    setSaveError(null);
    setTriedInvalid(true);
  };
  // Said above the button too, as the field in question may be far up a long form; gone once all are fixed.
  const showInvalid = triedInvalid && Object.keys(form.errors).length > 0;
  const setClientMode = (mode: string) => {
    form.setFieldValue('clientMode', mode as ClientSignMode);
    form.setFieldValue('clientDrawing', null);
    form.clearFieldError('client');
    form.clearFieldError('reason');
  };
  const setCaregiverMode = (mode: string) => {
    form.setFieldValue('caregiverMode', mode as CaregiverSignMode);
    form.setFieldValue('caregiverDrawing', null);
    form.clearFieldError('caregiver');
  };

  return (
    <form onSubmit={form.onSubmit((v) => void submit(v), invalid)} noValidate>
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

        <Section title="Client">
          <SegmentedControl
            fullWidth
            data={CLIENT_MODES}
            value={values.clientMode}
            onChange={setClientMode}
            aria-label="How the client confirms"
          />
          {values.clientMode === 'unable' ? (
            <Textarea
              label="Why the client could not sign"
              autosize
              minRows={2}
              size="sm"
              value={values.client_unable_to_sign_reason}
              onChange={(e) => {
                form.setFieldValue('client_unable_to_sign_reason', e.currentTarget.value);
                form.clearFieldError('reason');
              }}
              error={form.errors.reason}
            />
          ) : (
            <SignaturePad
              key={values.clientMode}
              label={values.clientMode === 'initials' ? "Client's initials" : "Client's signature"}
              height={values.clientMode === 'initials' ? 110 : 160}
              value={values.clientDrawing}
              onChange={(png) => {
                form.setFieldValue('clientDrawing', png);
                form.clearFieldError('client');
              }}
              error={typeof form.errors.client === 'string' ? form.errors.client : undefined}
            />
          )}
        </Section>

        <Section title="Caregiver">
          <SegmentedControl
            fullWidth
            data={CAREGIVER_MODES}
            value={values.caregiverMode}
            onChange={setCaregiverMode}
            aria-label="How you sign"
          />
          <SignaturePad
            key={values.caregiverMode}
            label={values.caregiverMode === 'initials' ? 'Your initials' : 'Your signature'}
            height={values.caregiverMode === 'initials' ? 110 : 160}
            value={values.caregiverDrawing}
            onChange={(png) => {
              form.setFieldValue('caregiverDrawing', png);
              form.clearFieldError('caregiver');
            }}
            error={typeof form.errors.caregiver === 'string' ? form.errors.caregiver : undefined}
          />
        </Section>

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
