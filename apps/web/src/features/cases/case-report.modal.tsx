import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CASE_DESCRIPTION_MAX, CASE_TITLE_MAX, type CasePriority } from '@hearth/shared/cases/cases.constants';
import { errorMessageOf, fieldErrorsOf } from '@/api/api-error';
import { useUserTimeZone } from '@/api/display-zone';
import {
  CaregiversPicker,
  CaseTypeSelect,
  ClientPicker,
  PrioritySelect,
  VisitSelect,
  type CaseOption,
} from './case-report.fields';
import { inputToInstant, instantToInput } from './case.rules';
import { useReportCase } from './cases.queries';

/** The report's fields as the dialog holds them. */
interface ReportDraft {
  typeId: string | null;
  client: CaseOption | null;
  shiftId: number | null;
  caregivers: CaseOption[];
  title: string;
  description: string;
  /** "yyyy-MM-ddTHH:mm" in the user's zone. */
  occurredAt: string;
  priority: string | null;
  draft: boolean;
}

function blankDraft(zone: string): ReportDraft {
  return {
    typeId: null,
    client: null,
    shiftId: null,
    caregivers: [],
    title: '',
    description: '',
    occurredAt: instantToInput(new Date(), zone),
    priority: null,
    draft: false,
  };
}

/** The report's fields; a visit picked adds its caregiver to the caregivers involved. */
function ReportFields(props: {
  d: ReportDraft;
  set: (patch: Partial<ReportDraft>) => void;
  errors: Record<string, string>;
  opened: boolean;
}) {
  const { d, set, errors } = props;
  const { t } = useTranslation('cases');
  return (
    <>
      <CaseTypeSelect value={d.typeId} onChange={(typeId) => set({ typeId })} enabled={props.opened} />
      <ClientPicker value={d.client} onChange={(client) => set({ client, shiftId: null })} />
      <VisitSelect
        clientId={d.client ? Number(d.client.value) : null}
        value={d.shiftId}
        onChange={(visit) => {
          const caregivers = [...d.caregivers];
          if (visit?.caregiverId && !caregivers.some((c) => c.value === String(visit.caregiverId))) {
            caregivers.push({ value: String(visit.caregiverId), label: visit.caregiverName ?? String(visit.caregiverId) });
          }
          set({ shiftId: visit?.shiftId ?? null, caregivers });
        }}
      />
      <CaregiversPicker value={d.caregivers} onChange={(caregivers) => set({ caregivers })} />
      <TextInput
        label={t('report.caseTitle')}
        required
        maxLength={CASE_TITLE_MAX}
        value={d.title}
        onChange={(e) => set({ title: e.currentTarget.value })}
        error={errors.title}
      />
      <Textarea
        label={t('report.description')}
        autosize
        minRows={3}
        maxLength={CASE_DESCRIPTION_MAX}
        value={d.description}
        onChange={(e) => set({ description: e.currentTarget.value })}
        error={errors.description}
      />
      <Group grow align="flex-start">
        <TextInput
          type="datetime-local"
          label={t('report.occurredAt')}
          required
          value={d.occurredAt}
          onChange={(e) => set({ occurredAt: e.currentTarget.value })}
          error={errors.occurredAt}
        />
        <PrioritySelect
          label={t('report.priority')}
          description={t('report.priorityHint')}
          clearable
          value={d.priority}
          onChange={(priority) => set({ priority })}
        />
      </Group>
      <Checkbox label={t('report.draft')} checked={d.draft} onChange={(e) => set({ draft: e.currentTarget.checked })} />
    </>
  );
}

/**
 * "Report a case" from the office (issue 24 item 2): type, client (searched), optionally the visit and caregivers
 * involved, title, what happened, when (wall-clock time in the user's zone), priority (the type's default when left
 * empty), and "save as a draft". Reports it (cases.report) and opens it at /cases/{id}.
 */
export function ReportCaseModal(props: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('cases');
  const zone = useUserTimeZone();
  const navigate = useNavigate();
  const [d, setD] = useState<ReportDraft>(() => blankDraft(zone));
  const report = useReportCase();
  const close = () => {
    setD(blankDraft(zone));
    report.reset();
    props.onClose();
  };
  const occurredAt = inputToInstant(d.occurredAt, zone);
  const errors = fieldErrorsOf(report.error);
  const submit = () => {
    if (d.typeId === null || d.client === null || d.title.trim() === '' || occurredAt === null) return;
    report.mutate(
      {
        caseTypeId: Number(d.typeId),
        clientId: Number(d.client.value),
        shiftId: d.shiftId,
        caregiverIds: d.caregivers.map((c) => Number(c.value)),
        title: d.title.trim(),
        description: d.description.trim(),
        occurredAt,
        priority: (d.priority as CasePriority | null) ?? undefined,
        draft: d.draft || undefined,
      },
      {
        onSuccess: (detail) => {
          close();
          void navigate(`/cases/${detail.id}`);
        },
      },
    );
  };
  const ready = d.typeId !== null && d.client !== null && d.title.trim() !== '' && occurredAt !== null;
  return (
    <Modal opened={props.opened} onClose={close} title={t('report.title')} size="lg">
      <Stack gap="sm">
        <ReportFields d={d} set={(patch) => setD((prev) => ({ ...prev, ...patch }))} errors={errors} opened={props.opened} />
        {report.isError && Object.keys(errors).length === 0 && (
          <Alert color="red" role="alert" variant="light">
            {errorMessageOf(report.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('report.cancel')}
          </Button>
          <Button onClick={submit} disabled={!ready} loading={report.isPending}>
            {d.draft ? t('report.submitDraft') : t('report.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
