import { useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CASE_DEADLINE_MAX_HOURS,
  CASE_PRIORITIES,
  CASE_TYPE_NAME_MAX,
  type CasePriority,
} from '@hearth/shared/cases/cases.constants';
import type { CaseType } from '@hearth/shared/cases/cases.schema';
import { errorMessageOf, fieldErrorsOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';
import { caseTypeFormValues, DEADLINE_FIELDS, hoursInDays, parseCaseTypeForm, type CaseTypeFormValues } from './case-type.values';

/** The plain-words hint under a deadline: "24 hours = 1 day", or how to leave it without one. */
function DeadlineHint({ value }: { value: number | string }) {
  const { t } = useTranslation('caseAdmin');
  if (value === '' || !Number.isInteger(Number(value)) || Number(value) < 1) return t('type.noDeadline');
  const { days, hours } = hoursInDays(Number(value));
  if (days === 0) return t('type.hoursOnly', { count: hours });
  const inDays = t('type.days', { count: days });
  return hours === 0
    ? t('type.equals', { hours: value, words: inDays })
    : t('type.equals', { hours: value, words: t('type.daysAndHours', { days: inDays, count: hours }) });
}

/** The three deadline fields in hours, each with its plain-words hint. */
function DeadlineInputs(props: {
  values: CaseTypeFormValues;
  errors: Record<string, string>;
  onChange: (field: (typeof DEADLINE_FIELDS)[number], value: number | string) => void;
}) {
  const { values, errors, onChange } = props;
  const { t } = useTranslation('caseAdmin');
  return (
    <SimpleGrid cols={3}>
      {DEADLINE_FIELDS.map((field) => (
        <NumberInput
          key={field}
          label={t(`type.deadlines.${field}`)}
          description={<DeadlineHint value={values[field]} />}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          clampBehavior="none"
          min={1}
          max={CASE_DEADLINE_MAX_HOURS}
          allowDecimal={false}
          value={values[field]}
          onChange={(value) => onChange(field, value)}
          error={errors[field]}
        />
      ))}
    </SimpleGrid>
  );
}

/**
 * Creates a case type (caseTypes.create) or edits one (caseTypes.update): name, description, default priority,
 * whether caregivers may report it from the phone, and the three deadlines in hours after the report (empty: none).
 * Fields are checked with the shared schema first; the server's field messages show under the same fields.
 * @param type the type to edit, or undefined for a new one
 */
export function CaseTypeModal({ type, onClose }: { type?: CaseType; onClose: () => void }) {
  const { t } = useTranslation('caseAdmin');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<CaseTypeFormValues>(() => caseTypeFormValues(type));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const done = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.caseTypes.list.queryKey() });
    onClose();
  };
  const create = useMutation(trpc.caseTypes.create.mutationOptions({ onSuccess: done }));
  const update = useMutation(trpc.caseTypes.update.mutationOptions({ onSuccess: done }));
  const call = type ? update : create;
  const shown = { ...fieldErrorsOf(call.error), ...errors };
  const set = <K extends keyof CaseTypeFormValues>(field: K, value: CaseTypeFormValues[K]) =>
    setValues((v) => ({ ...v, [field]: value }));

  const submit = () => {
    const parsed = parseCaseTypeForm(values);
    setErrors(parsed.ok ? {} : parsed.errors);
    if (!parsed.ok) return;
    if (type) update.mutate({ id: type.id, ...parsed.input });
    else create.mutate(parsed.input);
  };

  return (
    <Modal opened onClose={onClose} title={type ? t('type.editTitle', { name: type.name }) : t('type.newTitle')} size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('type.name')}
            required
            maxLength={CASE_TYPE_NAME_MAX}
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={shown.name}
            data-autofocus
          />
          <Textarea
            label={t('type.description')}
            autosize
            minRows={2}
            value={values.description}
            onChange={(event) => set('description', event.currentTarget.value)}
            error={shown.description}
          />
          <Group grow align="flex-start">
            <Select
              label={t('type.defaultPriority')}
              data={CASE_PRIORITIES.map((value) => ({ value, label: t(`priorities.${value}`) }))}
              value={values.defaultPriority}
              onChange={(value) => set('defaultPriority', (value as CasePriority | null) ?? 'routine')}
              allowDeselect={false}
              error={shown.defaultPriority}
            />
            <Switch
              mt="xl"
              label={t('type.reportable')}
              description={t('type.reportableHelp')}
              checked={values.reportableByCaregivers}
              onChange={(event) => set('reportableByCaregivers', event.currentTarget.checked)}
            />
          </Group>
          <DeadlineInputs values={values} errors={shown} onChange={set} />
          {call.isError && Object.keys(fieldErrorsOf(call.error)).length === 0 && (
            <Alert color="red" role="alert">
              {errorMessageOf(call.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={call.isPending}>
              {type ? t('actions.save') : t('type.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
