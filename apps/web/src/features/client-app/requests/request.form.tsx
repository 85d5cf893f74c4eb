import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { ClientAppClient } from '@hearth/shared/client-app/client-app.schema';
import {
  VISIT_REQUEST_KINDS,
  VISIT_REQUEST_NOTE_MAX,
  type VisitRequestKind,
} from '@hearth/shared/visit-requests/visit-requests.constants';
import {
  ZClientAppCreateRequestInput,
  type ClientAppRequestableVisit,
} from '@hearth/shared/visit-requests/visit-requests.schema';
import { errorMessageOf, fieldErrorsOf } from '@/api/api-error';
import { zodValidate } from '@/forms/zod-validate';
import { useCreateRequest } from './requests.queries';
import { localParts, visitSpan, zonedSpan, zoneName } from './request-text';

/** The form's values: the visit as a Select string, the new times as a local date and "HH:MM" in the client's zone. */
interface Values {
  kind: VisitRequestKind;
  shiftId: string | null;
  date: string;
  startTime: string;
  endTime: string;
  note: string;
}

/** Where an error of the request's payload shows on the form. */
const FIELD_OF: Record<string, keyof Values> = {
  shiftId: 'shiftId',
  start: 'startTime',
  end: 'endTime',
  note: 'note',
  kind: 'kind',
};

/** The payload of clientAppCreateRequest from the form's values (times in UTC from the client's wall clock). */
function payloadOf(values: Values, client: ClientAppClient) {
  const span = values.kind === 'cancel' ? null : zonedSpan(values.date, values.startTime, values.endTime, client.timezone);
  return {
    clientId: client.clientId,
    kind: values.kind,
    shiftId: values.kind === 'add' || !values.shiftId ? null : Number(values.shiftId),
    start: span?.start ?? null,
    end: span?.end ?? null,
    note: values.note.trim() || null,
  };
}

/** The form's errors by field from the shared schema's (or the server's) errors by payload path. */
function formErrors(errors: Record<string, string>): Partial<Record<keyof Values, string>> {
  const mapped: Partial<Record<keyof Values, string>> = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = FIELD_OF[path.split('.')[0]!];
    if (field) mapped[field] ??= message;
  }
  return mapped;
}

const validate = zodValidate(ZClientAppCreateRequestInput);

/** The new date and start and end times on the client's wall clock; an end at or before the start is the next day. */
function RequestTimeFields({
  values,
  errors,
  set,
  zone,
}: {
  values: Values;
  errors: Partial<Record<keyof Values, string>>;
  set: (patch: Partial<Values>) => void;
  zone: string;
}) {
  const { t } = useTranslation('clientAppRequests');
  const overnight = values.startTime !== '' && values.endTime !== '' && values.endTime <= values.startTime;
  return (
    <div>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <TextInput
          type="date"
          label={t(values.kind === 'move' ? 'form.newDate' : 'form.date')}
          value={values.date}
          onChange={(e) => set({ date: e.currentTarget.value })}
          error={errors.date}
          required
        />
        <TextInput
          type="time"
          label={t('form.startTime')}
          value={values.startTime}
          onChange={(e) => set({ startTime: e.currentTarget.value })}
          error={errors.startTime}
          required
        />
        <TextInput
          type="time"
          label={t('form.endTime')}
          value={values.endTime}
          onChange={(e) => set({ endTime: e.currentTarget.value })}
          description={overnight ? t('form.endsNextDay') : undefined}
          error={errors.endTime}
          required
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={4}>
        {t('form.zoneNote', { zone: zoneName(zone) })}
      </Text>
    </div>
  );
}

/** The visit a cancellation or a move is about: the coming weeks' visits, those already asked about disabled. */
function VisitField(props: {
  visits: ClientAppRequestableVisit[];
  zone: string;
  value: string | null;
  error: string | undefined;
  onChange: (shiftId: string | null) => void;
}) {
  const { t } = useTranslation('clientAppRequests');
  if (props.visits.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('form.noVisits')}
      </Text>
    );
  const options = props.visits.map((v) => {
    const when = visitSpan(v.start, v.end, props.zone);
    const label = v.caregiverFirstName ? t('form.visitWith', { when, caregiver: v.caregiverFirstName }) : when;
    return { value: String(v.shiftId), label: v.pending ? t('form.visitWaiting', { visit: label }) : label, disabled: v.pending };
  });
  return (
    <Select
      label={t('form.visit')}
      placeholder={t('form.visitPlaceholder')}
      data={options}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
      required
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/**
 * A new request (issue 25 item 3): what is needed (cancel, move or add a visit), the visit for a cancellation or a
 * move (the coming weeks' scheduled visits; one already asked about cannot be picked), the new date and times on the
 * client's wall clock for a move or an addition, and a note. Checked by the shared schema before sending; the
 * server's refusals show beside their fields.
 */
export function NewRequestForm({
  client,
  visits,
  onDone,
}: {
  client: ClientAppClient;
  visits: ClientAppRequestableVisit[];
  onDone: () => void;
}) {
  const { t } = useTranslation('clientAppRequests');
  const create = useCreateRequest(client.clientId);
  const [values, setValues] = useState<Values>({ kind: 'move', shiftId: null, date: '', startTime: '', endTime: '', note: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (patch: Partial<Values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch) as (keyof Values)[]) delete next[key];
      return next;
    });
  };
  const pickVisit = (shiftId: string | null) => {
    const visit = visits.find((v) => String(v.shiftId) === shiftId);
    if (!visit || values.date) return set({ shiftId });
    // A move starts from the visit's own day and times, which the family then changes.
    const start = localParts(visit.start, client.timezone);
    set({ shiftId, date: start.date, startTime: start.time, endTime: localParts(visit.end, client.timezone).time });
  };
  const send = () => {
    setFailure(null);
    const payload = payloadOf(values, client);
    const found = formErrors(validate(payload));
    if (values.kind !== 'cancel' && !payload.start) found.startTime ??= t('form.giveTimes');
    if (Object.keys(found).length > 0) return setErrors(found);
    create.mutate(payload, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('form.sent') });
        onDone();
      },
      onError: (error) => {
        const fields = formErrors(fieldErrorsOf(error));
        setErrors(fields);
        if (Object.keys(fields).length === 0) setFailure(errorMessageOf(error));
      },
    });
  };
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      onSubmit={(e) => (e.preventDefault(), send())}
      aria-label={t('form.title')}
    >
      <Stack gap="sm">
        <Text fw={600}>{t('form.title')}</Text>
        <SegmentedControl
          fullWidth
          aria-label={t('form.kind')}
          value={values.kind}
          onChange={(kind) => set({ kind: kind as VisitRequestKind })}
          data={VISIT_REQUEST_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
        />
        {values.kind !== 'add' && (
          <VisitField visits={visits} zone={client.timezone} value={values.shiftId} error={errors.shiftId} onChange={pickVisit} />
        )}
        {values.kind !== 'cancel' && <RequestTimeFields values={values} errors={errors} set={set} zone={client.timezone} />}
        <Textarea
          label={t('form.note')}
          placeholder={t('form.notePlaceholder')}
          autosize
          minRows={2}
          maxLength={VISIT_REQUEST_NOTE_MAX}
          value={values.note}
          onChange={(e) => set({ note: e.currentTarget.value })}
          error={errors.note}
        />
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('form.close')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('form.send')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
