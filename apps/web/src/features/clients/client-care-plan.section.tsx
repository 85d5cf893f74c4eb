import { useState } from 'react';
import { Button, Checkbox, Group, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ADL_TASKS, CARE_PLAN_TASKS, IADL_TASKS } from '@hearth/shared/clients/clients.constants';
import { ZUpdateClientInput, type ClientOutput } from '@hearth/shared/clients/clients.schema';
import { errorMessageOf } from '@/api/api-error';
import { blankToNull } from '@/components/records/record-api';
import { RecordFormFrame } from '@/components/records/record-form-frame';
import { EditSectionButton, EditSectionModal } from '@/components/records/record-modal';
import { SectionCard } from '@/components/records/section-card';
import { useRecordForm } from '@/forms/use-record-form';
import { useUpdateClient } from './client-details.section';

/** A task of the care plan lists. */
type CarePlanTask = (typeof CARE_PLAN_TASKS)[number];

/** Tasks in the order of the lists, whatever order they were ticked in. */
const inOrder = (tasks: string[]) => CARE_PLAN_TASKS.filter((t) => tasks.includes(t));

/** A task's name in the shown language; the stored value stays the English name (the care plan's data). */
function TaskGroup({ label, tasks, disabled }: { label: string; tasks: readonly CarePlanTask[]; disabled: boolean }) {
  const { t } = useTranslation(['records', 'common']);
  return (
    <Stack gap={6}>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase">
        {label}
      </Text>
      {tasks.map((task) => (
        <Checkbox key={task} value={task} label={t(`carePlan.tasks.${task}`)} size="xs" disabled={disabled} />
      ))}
    </Stack>
  );
}

function CarePlanEditor({ client, canEdit }: { client: ClientOutput; canEdit: boolean }) {
  const update = useUpdateClient();
  const { t } = useTranslation(['records', 'common']);
  const [selected, setSelected] = useState<string[]>(client.carePlanTasks);
  const dirty = inOrder(selected).join('|') !== inOrder(client.carePlanTasks).join('|');
  const save = () => {
    const input = { id: client.id, carePlanTasks: inOrder(selected) };
    const parsed = ZUpdateClientInput.safeParse(input);
    if (!parsed.success) {
      notifications.show({ color: 'red', message: parsed.error.issues[0]?.message ?? t('carePlan.invalid') });
      return;
    }
    update.mutate(input, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('carePlan.saved') }),
      onError: (error) => notifications.show({ color: 'red', title: t('carePlan.notSaved'), message: errorMessageOf(error) }),
    });
  };
  return (
    <Stack gap="sm">
      <Checkbox.Group value={selected} onChange={setSelected} aria-label={t('carePlan.title')}>
        <SimpleGrid cols={2} spacing="md">
          <TaskGroup label={t('carePlan.adls')} tasks={ADL_TASKS} disabled={!canEdit} />
          <TaskGroup label={t('carePlan.iadls')} tasks={IADL_TASKS} disabled={!canEdit} />
        </SimpleGrid>
      </Checkbox.Group>
      {canEdit && (
        <Group justify="flex-end" gap="xs">
          <Button size="compact-sm" variant="default" disabled={!dirty} onClick={() => setSelected(client.carePlanTasks)}>
            {t('common:actions.reset')}
          </Button>
          <Button size="compact-sm" disabled={!dirty} loading={update.isPending} onClick={save}>
            {t('carePlan.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The care plan's tasks (ADLs and IADLs) ticked in place, saved with one button. */
export function ClientCarePlanSection({ client, canEdit }: { client: ClientOutput; canEdit: boolean }) {
  const { t } = useTranslation(['records', 'common']);
  return (
    <SectionCard title={t('carePlan.title')}>
      {/* Keyed by the saved tasks, so a save (or another user's) resets the ticks to what is stored. */}
      <CarePlanEditor key={client.carePlanTasks.join('|')} client={client} canEdit={canEdit} />
    </SectionCard>
  );
}

function AccessNotesForm({ client, onDone }: { client: ClientOutput; onDone: () => void }) {
  const update = useUpdateClient();
  const { t } = useTranslation(['records', 'common']);
  const toInput = (values: { accessNotes: string }) => ({ id: client.id, accessNotes: blankToNull(values.accessNotes) });
  const record = useRecordForm<{ accessNotes: string }, ReturnType<typeof toInput>>({
    initialValues: { accessNotes: client.accessNotes ?? '' },
    toPayload: toInput,
    schema: ZUpdateClientInput,
    check: (input) => ({ action: 'updateClient', input }),
  });
  return (
    <RecordFormFrame
      record={record}
      pending={update.isPending}
      onCancel={onDone}
      onSubmit={(values) =>
        update.mutate(toInput(values), {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: t('accessNotes.saved') });
            onDone();
          },
          onError: record.onSaveError,
        })
      }
    >
      <Textarea
        label={t('accessNotes.title')}
        description={t('accessNotes.description')}
        autosize
        minRows={4}
        maxRows={12}
        data-autofocus
        {...record.inputProps('accessNotes')}
      />
    </RecordFormFrame>
  );
}

/** How caregivers get into the home (key code, pets...), edited in a modal. */
export function ClientAccessNotesSection({ client, canEdit }: { client: ClientOutput; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const { t } = useTranslation(['records', 'common']);
  return (
    <SectionCard
      title={t('accessNotes.title')}
      empty={!client.accessNotes && t('accessNotes.empty')}
      actions={canEdit && <EditSectionButton label={t('accessNotes.edit')} onClick={() => setEditing(true)} />}
    >
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {client.accessNotes}
      </Text>
      <EditSectionModal opened={editing} onClose={() => setEditing(false)} title={t('accessNotes.title')} size="lg">
        <AccessNotesForm client={client} onDone={() => setEditing(false)} />
      </EditSectionModal>
    </SectionCard>
  );
}
