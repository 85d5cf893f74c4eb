import { Alert, Anchor, Button, Checkbox, Group, Loader, NumberInput, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconClipboardList, IconCloudOff, IconDeviceFloppy, IconInfoCircle } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { CareSheetCheckOutDetails, CareSheetFields } from '@hearth/shared/care-sheets/care-sheets.schema';
import { errorMessageOf } from '@/api/api-error';
import { careSheetFormErrors, careSheetFormValues, taskChoices, type CareSheetFormValues } from './care-sheet-form';
import { useCarePlanTaskLabel } from './care-plan-task';
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
  const { t } = useTranslation();
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
        {t('checkout.checkedTimes', {
          checkIn: checkIn ? visitClock(checkIn, zone) : '—',
          checkOut: checkOut ? visitClock(checkOut, zone) : '—',
        })}
      </Text>
    </Stack>
  );
}

function CareSheetForm(props: { details: CareSheetCheckOutDetails; previous: Partial<CareSheetFields> | null; shiftId: number }) {
  const { details, previous, shiftId } = props;
  const { t } = useTranslation();
  const taskLabel = useCarePlanTaskLabel();
  const tasksTitleId = useId();
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
        <Section title={t('checkout.tasksDone')} titleId={tasksTitleId}>
          {tasks.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('checkout.noTasks')}
            </Text>
          ) : (
            // The group (role group) is named by the section's title; an aria-label would name only Mantine's wrapper.
            <Checkbox.Group labelProps={{ id: tasksTitleId }} {...form.getInputProps('completed_tasks')}>
              <Stack gap="sm">
                {tasks.map((task) => (
                  <Checkbox key={task} value={task} label={taskLabel(task)} size="md" />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        </Section>

        <Section title={t('checkout.commentSection')}>
          <Textarea
            label={t('checkout.comment')}
            placeholder={t('checkout.commentPlaceholder')}
            autosize
            minRows={3}
            size="sm"
            {...form.getInputProps('caregiver_comment')}
          />
          <Group grow gap="sm" align="flex-start">
            <NumberInput
              label={t('checkout.miles')}
              min={0}
              max={1000}
              decimalScale={1}
              size="sm"
              inputMode="decimal"
              {...form.getInputProps('miles')}
            />
            <NumberInput
              label={t('checkout.trips')}
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
          <Alert color="red" title={t('checkout.notSaved')}>
            {t('checkout.needsLook')}
          </Alert>
        )}
        {saveError && (
          <Alert color="red" title={t('checkout.notSaved')}>
            {saveError}
          </Alert>
        )}
        <Button type="submit" size="md" fullWidth loading={saving} leftSection={<IconDeviceFloppy size={18} />}>
          {t('checkout.save')}
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
  const { t } = useTranslation();
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
        <Title order={3}>{t('checkout.title')}</Title>
        {carePlanId !== undefined && (
          <Anchor component={Link} to={`/app/care-plans/${carePlanId}?shiftId=${shiftId}`} size="sm">
            <Group gap={4} component="span" wrap="nowrap">
              <IconClipboardList size={16} />
              {t('checkout.viewCarePlan')}
            </Group>
          </Anchor>
        )}
      </Group>
      {loading && <Loader size="sm" aria-label={t('checkout.loading')} />}
      {!loading && !details && (
        <Alert color="red" title={t('checkout.cannotOpen')}>
          {errorMessageOf(error)}
        </Alert>
      )}
      {details && (
        <>
          <VisitSummary details={details} visit={visit} />
          {source === 'phone' && (
            <Alert color="orange" icon={<IconCloudOff size={18} />} p="xs">
              {t('checkout.offline')}
            </Alert>
          )}
          {previous && (onPhone || details.previous?.submittedAt) && (
            <Alert color="blue" icon={<IconInfoCircle size={18} />} p="xs">
              {onPhone
                ? t('checkout.filledFromPhone')
                : t('checkout.filledFromServer', {
                    day: visitDay(details.previous!.submittedAt!, details.timezone),
                    time: visitClock(details.previous!.submittedAt!, details.timezone),
                  })}
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
