import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessageOf } from '@/api/api-error';
import {
  AssigneeSelect,
  ClientPicker,
  TypeSelect,
  VisitSelect,
  type PickedOption,
  type PickedVisit,
} from './care-form-new.fields';
import { useCreateCareForm } from './care-forms.queries';

/**
 * "New care form" (issue 23 item 2): an active type, the client (fixed when opened from the client's profile), and
 * optionally a visit of theirs and who is to fill it. Creates the form (careForms.create, in progress) and opens it
 * at /care-forms/{id}.
 */
export function NewCareFormModal(props: {
  opened: boolean;
  onClose: () => void;
  /** The client, when the form is started from their profile. */
  client?: PickedOption;
}) {
  const { opened, onClose } = props;
  const { t } = useTranslation('careForms');
  const navigate = useNavigate();
  const [typeId, setTypeId] = useState<string | null>(null);
  const [client, setClient] = useState<PickedOption | null>(props.client ?? null);
  const [visit, setVisit] = useState<PickedVisit | null>(null);
  const [assignee, setAssignee] = useState<string | null>(null);
  const create = useCreateCareForm();
  const close = () => {
    setTypeId(null);
    setClient(props.client ?? null);
    setVisit(null);
    setAssignee(null);
    create.reset();
    onClose();
  };
  const clientId = client ? Number(client.value) : null;
  const submit = () => {
    if (typeId === null || clientId === null) return;
    create.mutate(
      {
        typeId: Number(typeId),
        clientId,
        shiftId: visit?.shiftId ?? null,
        assigneeUserId: assignee === null ? null : Number(assignee),
      },
      {
        onSuccess: (detail) => {
          close();
          void navigate(`/care-forms/${detail.id}`);
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title={t('new.title')} size="lg">
      <Stack gap="sm">
        <TypeSelect value={typeId} onChange={setTypeId} enabled={opened} />
        {props.client && <Text size="sm">{t('new.forClient', { name: props.client.label })}</Text>}
        {!props.client && (
          <ClientPicker
            value={client}
            onChange={(next) => {
              setClient(next);
              setVisit(null);
            }}
          />
        )}
        <VisitSelect
          clientId={clientId}
          value={visit}
          onChange={(next) => {
            setVisit(next);
            setAssignee(null);
          }}
        />
        <AssigneeSelect visit={visit} value={assignee} onChange={setAssignee} />
        {create.isError && (
          <Alert color="red" role="alert" variant="light">
            {errorMessageOf(create.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('new.cancel')}
          </Button>
          <Button onClick={submit} disabled={typeId === null || clientId === null} loading={create.isPending}>
            {t('new.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
