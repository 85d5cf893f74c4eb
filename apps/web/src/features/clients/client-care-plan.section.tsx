import { useState } from 'react';
import { Button, Checkbox, Group, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ADL_TASKS, CARE_PLAN_TASKS, IADL_TASKS } from '@hearth/shared/clients/clients.constants';
import { ZUpdateClientInput, type ClientOutput } from '@hearth/shared/clients/clients.schema';
import { errorMessageOf } from '@/api/api-error';
import { blankToNull } from '@/components/records/record-api';
import { RecordFormFrame } from '@/components/records/record-form-frame';
import { EditSectionButton, EditSectionModal } from '@/components/records/record-modal';
import { SectionCard } from '@/components/records/section-card';
import { useRecordForm } from '@/forms/use-record-form';
import { useUpdateClient } from './client-details.section';

/** Tasks in the order of the lists, whatever order they were ticked in. */
const inOrder = (tasks: string[]) => CARE_PLAN_TASKS.filter((t) => tasks.includes(t));

function TaskGroup({ label, tasks, disabled }: { label: string; tasks: readonly string[]; disabled: boolean }) {
  return (
    <Stack gap={6}>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase">
        {label}
      </Text>
      {tasks.map((task) => (
        <Checkbox key={task} value={task} label={task} size="xs" disabled={disabled} />
      ))}
    </Stack>
  );
}

function CarePlanEditor({ client, canEdit }: { client: ClientOutput; canEdit: boolean }) {
  const update = useUpdateClient();
  const [selected, setSelected] = useState<string[]>(client.carePlanTasks);
  const dirty = inOrder(selected).join('|') !== inOrder(client.carePlanTasks).join('|');
  const save = () => {
    const input = { id: client.id, carePlanTasks: inOrder(selected) };
    const parsed = ZUpdateClientInput.safeParse(input);
    if (!parsed.success) {
      notifications.show({ color: 'red', message: parsed.error.issues[0]?.message ?? 'Invalid care plan' });
      return;
    }
    update.mutate(input, {
      onSuccess: () => notifications.show({ color: 'teal', message: 'Care plan saved' }),
      onError: (error) => notifications.show({ color: 'red', title: 'Care plan not saved', message: errorMessageOf(error) }),
    });
  };
  return (
    <Stack gap="sm">
      <Checkbox.Group value={selected} onChange={setSelected} aria-label="Care plan tasks">
        <SimpleGrid cols={2} spacing="md">
          <TaskGroup label="ADLs" tasks={ADL_TASKS} disabled={!canEdit} />
          <TaskGroup label="IADLs" tasks={IADL_TASKS} disabled={!canEdit} />
        </SimpleGrid>
      </Checkbox.Group>
      {canEdit && (
        <Group justify="flex-end" gap="xs">
          <Button size="compact-sm" variant="default" disabled={!dirty} onClick={() => setSelected(client.carePlanTasks)}>
            Reset
          </Button>
          <Button size="compact-sm" disabled={!dirty} loading={update.isPending} onClick={save}>
            Save care plan
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The care plan's tasks (ADLs and IADLs) ticked in place, saved with one button. */
export function ClientCarePlanSection({ client, canEdit }: { client: ClientOutput; canEdit: boolean }) {
  return (
    <SectionCard title="Care plan tasks">
      {/* Keyed by the saved tasks, so a save (or another user's) resets the ticks to what is stored. */}
      <CarePlanEditor key={client.carePlanTasks.join('|')} client={client} canEdit={canEdit} />
    </SectionCard>
  );
}

function AccessNotesForm({ client, onDone }: { client: ClientOutput; onDone: () => void }) {
  const update = useUpdateClient();
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
            notifications.show({ color: 'teal', message: 'Access notes saved' });
            onDone();
          },
          onError: record.onSaveError,
        })
      }
    >
      <Textarea
        label="Access notes"
        description="How to get in and what to expect: key code, lockbox, parking, pets"
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
  return (
    <SectionCard
      title="Access notes"
      empty={!client.accessNotes && 'No access notes yet (key code, lockbox, parking, pets).'}
      actions={canEdit && <EditSectionButton label="Edit notes" onClick={() => setEditing(true)} />}
    >
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {client.accessNotes}
      </Text>
      <EditSectionModal opened={editing} onClose={() => setEditing(false)} title="Access notes" size="lg">
        <AccessNotesForm client={client} onDone={() => setEditing(false)} />
      </EditSectionModal>
    </SectionCard>
  );
}
