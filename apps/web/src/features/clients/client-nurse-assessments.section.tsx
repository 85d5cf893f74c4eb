import { useState } from 'react';
import { Group, Select, SimpleGrid, Table, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NURSE_ASSESSMENT_TYPES } from '@hearth/shared/clients/clients.constants';
import { addFieldIssues } from '@hearth/shared/records/records.schema';
import {
  nurseAssessmentRuleErrors,
  ZNurseAssessmentFields,
  type NurseAssessmentOutput,
} from '@hearth/shared/clients/clients.schema';
import { useTRPC } from '@/api/trpc';
import { EditButton } from '@/components/records/edit-button';
import { blankToNull } from '@/components/records/record-api';
import { RecordFormFrame } from '@/components/records/record-form-frame';
import { SectionCard } from '@/components/records/section-card';
import { formatDate } from '@/format/date-format';
import { todayIso } from '@/format/local-date';
import { useRecordForm } from '@/forms/use-record-form';
import { AddButton, RecordModal } from '@/components/records/record-modal';

type AssessmentType = (typeof NURSE_ASSESSMENT_TYPES)[number];

const TYPE_LABELS: Record<AssessmentType, string> = {
  initial: 'Initial',
  supervisory: 'Supervisory',
  reassessment: 'Reassessment',
  discharge: 'Discharge',
};

const ZAssessmentForm = ZNurseAssessmentFields.superRefine((a, ctx) => addFieldIssues(ctx, nurseAssessmentRuleErrors(a)));

interface AssessmentFormValues {
  assessmentType: AssessmentType;
  assessedOn: string;
  nextDueOn: string;
  findings: string;
  carePlanChanges: string;
}

const toPayload = (v: AssessmentFormValues) => ({
  assessmentType: v.assessmentType,
  assessedOn: v.assessedOn,
  nextDueOn: blankToNull(v.nextDueOn),
  findings: v.findings.trim(),
  carePlanChanges: blankToNull(v.carePlanChanges),
});

function AssessmentForm(props: {
  clientId: number;
  assessment: NurseAssessmentOutput | null;
  first: boolean;
  onDone: () => void;
  onSaved: () => void;
}) {
  const { clientId, assessment: a, first, onDone, onSaved } = props;
  const trpc = useTRPC();
  const create = useMutation(trpc.createNurseAssessment.mutationOptions());
  const update = useMutation(trpc.updateNurseAssessment.mutationOptions());
  const record = useRecordForm<AssessmentFormValues, ReturnType<typeof toPayload>>({
    initialValues: {
      assessmentType: a?.assessmentType ?? (first ? 'initial' : 'supervisory'),
      assessedOn: a?.assessedOn ?? todayIso(),
      nextDueOn: a?.nextDueOn ?? '',
      findings: a?.findings ?? '',
      carePlanChanges: a?.carePlanChanges ?? '',
    },
    toPayload,
    schema: ZAssessmentForm,
    check: (payload) =>
      a
        ? { action: 'updateNurseAssessment', input: { id: a.id, ...payload } }
        : { action: 'createNurseAssessment', input: { clientId, ...payload } },
  });
  const done = () => {
    notifications.show({ color: 'teal', message: a ? 'Assessment saved' : 'Assessment added' });
    onSaved();
    onDone();
  };
  const submit = (values: AssessmentFormValues) => {
    const payload = toPayload(values);
    if (a) update.mutate({ id: a.id, ...payload }, { onSuccess: done, onError: record.onSaveError });
    else create.mutate({ clientId, ...payload }, { onSuccess: done, onError: record.onSaveError });
  };
  return (
    <RecordFormFrame record={record} onSubmit={submit} onCancel={onDone} pending={create.isPending || update.isPending}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Select
          label="Type"
          required
          allowDeselect={false}
          data={NURSE_ASSESSMENT_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))}
          {...record.inputProps('assessmentType')}
        />
        <TextInput label="Assessed on" type="date" required {...record.inputProps('assessedOn')} />
        <TextInput label="Next due on" type="date" {...record.inputProps('nextDueOn')} />
      </SimpleGrid>
      <Textarea label="Findings" required autosize minRows={3} maxRows={10} {...record.inputProps('findings')} />
      <Textarea label="Care plan changes" autosize minRows={2} maxRows={8} {...record.inputProps('carePlanChanges')} />
    </RecordFormFrame>
  );
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
  const queryClient = useQueryClient();
  const assessments = useQuery(trpc.getNurseAssessments.queryOptions({ clientId }));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.getNurseAssessments.queryKey({ clientId }) });
  const [editing, setEditing] = useState<NurseAssessmentOutput | 'new' | null>(null);
  const close = () => setEditing(null);
  const rows = [...(assessments.data ?? [])].sort((x, y) => y.assessedOn.localeCompare(x.assessedOn) || y.id - x.id);
  const today = todayIso();
  return (
    <SectionCard
      title="Nurse assessments"
      loading={assessments.isPending}
      error={assessments.error}
      empty={assessments.data?.length === 0 && 'No assessments yet.'}
      actions={canCreate && <AddButton label="Add assessment" onClick={() => setEditing('new')} />}
    >
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={640} type="native">
          <Table fz="sm" verticalSpacing={6} aria-label="Nurse assessments">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Assessed</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Nurse</Table.Th>
                <Table.Th>Findings</Table.Th>
                <Table.Th>Next due</Table.Th>
                <Table.Th w={40} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(a.assessedOn)}</Table.Td>
                  <Table.Td>{TYPE_LABELS[a.assessmentType]}</Table.Td>
                  <Table.Td>{a.nurseName ?? '—'}</Table.Td>
                  <Table.Td maw={420}>
                    <Text size="sm" lineClamp={2} title={a.findings}>
                      {a.findings}
                    </Text>
                    {a.carePlanChanges && (
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        Care plan: {a.carePlanChanges}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {a.nextDueOn ? (
                      <Text size="sm" c={a.nextDueOn < today ? 'red' : undefined}>
                        {formatDate(a.nextDueOn)}
                      </Text>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td>
                    {canUpdate && (
                      <Group gap={2} justify="flex-end">
                        <EditButton what={`assessment of ${formatDate(a.assessedOn)}`} onClick={() => setEditing(a)} />
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <RecordModal editing={editing} onClose={close} noun="nurse assessment" size="lg">
        {(row) => (
          <AssessmentForm clientId={clientId} assessment={row} first={rows.length === 0} onDone={close} onSaved={refresh} />
        )}
      </RecordModal>
    </SectionCard>
  );
}
