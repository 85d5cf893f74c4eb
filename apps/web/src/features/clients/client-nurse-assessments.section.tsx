import { Select, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { NURSE_ASSESSMENT_TYPES } from '@hearth/shared/clients/clients.constants';
import { addFieldIssues } from '@hearth/shared/records/records.schema';
import {
  nurseAssessmentRuleErrors,
  ZNurseAssessmentFields,
  type NurseAssessmentOutput,
} from '@hearth/shared/clients/clients.schema';
import { useTRPC } from '@/api/trpc';
import { useOwnedRecords } from '@/components/records/owned-records';
import { blankToNull } from '@/components/records/record-api';
import { RecordFormFrame } from '@/components/records/record-form-frame';
import { useRecordSave, type RecordFormProps } from '@/components/records/record-save';
import { RecordTableSection, type RecordColumn } from '@/components/records/record-table';
import { formatDate } from '@/format/date-format';
import { todayIso } from '@/format/local-date';

type AssessmentType = (typeof NURSE_ASSESSMENT_TYPES)[number];

const ZAssessmentForm = ZNurseAssessmentFields.superRefine((a, ctx) => addFieldIssues(ctx, nurseAssessmentRuleErrors(a)));

interface AssessmentFormValues {
  assessmentType: AssessmentType;
  assessedOn: string;
  nextDueOn: string;
  findings: string;
  carePlanChanges: string;
}

type AssessmentPayload = ReturnType<typeof toPayload>;

const toPayload = (v: AssessmentFormValues) => ({
  assessmentType: v.assessmentType,
  assessedOn: v.assessedOn,
  nextDueOn: blankToNull(v.nextDueOn),
  findings: v.findings.trim(),
  carePlanChanges: blankToNull(v.carePlanChanges),
});

function AssessmentForm(props: RecordFormProps<NurseAssessmentOutput, AssessmentPayload> & { first: boolean }) {
  const a = props.row;
  const { t } = useTranslation(['records', 'common']);
  const { record, frame } = useRecordSave<NurseAssessmentOutput, AssessmentFormValues, AssessmentPayload>(props, 'assessments', {
    initialValues: {
      assessmentType: a?.assessmentType ?? (props.first ? 'initial' : 'supervisory'),
      assessedOn: a?.assessedOn ?? todayIso(),
      nextDueOn: a?.nextDueOn ?? '',
      findings: a?.findings ?? '',
      carePlanChanges: a?.carePlanChanges ?? '',
    },
    toPayload,
    schema: ZAssessmentForm,
  });
  return (
    <RecordFormFrame {...frame}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Select
          label={t('common:fields.type')}
          required
          allowDeselect={false}
          data={NURSE_ASSESSMENT_TYPES.map((value) => ({ value, label: t(`assessments.types.${value}`) }))}
          {...record.inputProps('assessmentType')}
        />
        <TextInput label={t('assessments.assessedOn')} type="date" required {...record.inputProps('assessedOn')} />
        <TextInput label={t('assessments.nextDueOn')} type="date" {...record.inputProps('nextDueOn')} />
      </SimpleGrid>
      <Textarea label={t('assessments.findings')} required autosize minRows={3} maxRows={10} {...record.inputProps('findings')} />
      <Textarea
        label={t('assessments.carePlanChanges')}
        autosize
        minRows={2}
        maxRows={8}
        {...record.inputProps('carePlanChanges')}
      />
    </RecordFormFrame>
  );
}

/** The table's columns, headed in the shown language; "next due" is red once past `today`. */
function assessmentColumns(today: string, t: TFunction<['records', 'common']>): RecordColumn<NurseAssessmentOutput>[] {
  return [
    { label: t('assessments.assessed'), cell: (a) => formatDate(a.assessedOn), nowrap: true },
    { label: t('common:fields.type'), cell: (a) => t(`assessments.types.${a.assessmentType}`) },
    { label: t('assessments.nurse'), cell: (a) => a.nurseName ?? '—' },
    {
      label: t('assessments.findings'),
      maw: 420,
      cell: (a) => (
        <>
          <Text size="sm" lineClamp={2} title={a.findings}>
            {a.findings}
          </Text>
          {a.carePlanChanges && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {t('assessments.carePlanLine', { changes: a.carePlanChanges })}
            </Text>
          )}
        </>
      ),
    },
    {
      label: t('assessments.nextDue'),
      nowrap: true,
      cell: (a) =>
        a.nextDueOn ? (
          <Text size="sm" c={a.nextDueOn < today ? 'red' : undefined}>
            {formatDate(a.nextDueOn)}
          </Text>
        ) : (
          '—'
        ),
    },
  ];
}

/** Nurses' assessments of the client (initial, supervisory, reassessment, discharge), newest first. */
export function ClientNurseAssessmentsSection({
  clientId,
  canCreate,
  canUpdate,
}: {
  clientId: number;
  canCreate: boolean;
  canUpdate: boolean;
}) {
  const trpc = useTRPC();
  const { t } = useTranslation(['records', 'common']);
  // Assessments are kept: there is no delete.
  const { list, api } = useOwnedRecords<{ clientId: number }, NurseAssessmentOutput, AssessmentPayload>(
    { clientId },
    { list: trpc.getNurseAssessments, create: trpc.createNurseAssessment, update: trpc.updateNurseAssessment },
    canUpdate,
  );
  const rows = list.data && [...list.data].sort((x, y) => y.assessedOn.localeCompare(x.assessedOn) || y.id - x.id);
  return (
    <RecordTableSection
      title={t('assessments.title')}
      loadingLabel={t('assessments.loading')}
      noun={t('assessments.noun')}
      addLabel={t('assessments.add')}
      emptyText={t('assessments.empty')}
      rows={rows}
      loading={list.isPending}
      error={list.error}
      canAdd={canCreate}
      canEdit={() => canUpdate}
      what={(a) => t('assessments.what', { date: formatDate(a.assessedOn) })}
      table={{ minWidth: 640, columns: assessmentColumns(todayIso(), t), actionsWidth: 40 }}
      modalSize="lg"
      form={(p) => <AssessmentForm {...p} first={!rows?.length} api={api} />}
    />
  );
}
