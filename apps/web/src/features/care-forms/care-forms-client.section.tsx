import { useState } from 'react';
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CareFormSummary } from '@hearth/shared/care-forms/care-forms.schema';
import { useAllowedActions } from '@/api/allowed-actions';
import { useUserTimeZone } from '@/api/display-zone';
import { useTRPC } from '@/api/trpc';
import { SectionCard } from '@/components/records/section-card';
import { formatInstant } from '@/format/instant-format';
import { NewCareFormModal } from './care-form-new.modal';
import { statusColor } from './care-form.rules';

/** One form of the client: its type as a link, its status and version, who is to fill it, and its last change. */
function FormRow({ form }: { form: CareFormSummary }) {
  const { t } = useTranslation('careForms');
  const zone = useUserTimeZone();
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="xs">
      <Stack gap={0} miw={0}>
        <Anchor component={Link} to={`/care-forms/${form.id}`} fw={500} truncate>
          {form.typeName}
        </Anchor>
        <Text size="xs" c="dimmed" truncate>
          {form.assignee ? t('client.assignee', { name: form.assignee.name }) : t('client.noAssignee')}
        </Text>
      </Stack>
      <Group gap={6} wrap="nowrap">
        <Badge size="sm" variant="light" color={statusColor(form.status)}>
          {t(`status.${form.status}`)}
        </Badge>
        {form.version > 1 && (
          <Badge size="sm" variant="outline" color="gray">
            {t('form.version', { version: form.version })}
          </Badge>
        )}
        <Text size="xs" c="dimmed">
          {formatInstant(form.completedAt ?? form.updatedAt, zone, { style: 'date' })}
        </Text>
      </Group>
    </Group>
  );
}

/**
 * The client's care forms on their profile (issue 23 item 2: "a client's profile lists its forms"), newest change
 * first (careForms.listForClient), each a link to /care-forms/{id}; "New" starts one for this client. Nothing for a
 * role without the action.
 */
export function ClientCareFormsSection(props: { clientId: number; clientName: string }) {
  const { can } = useAllowedActions();
  if (!can('careForms.listForClient')) return null;
  return <FormsList {...props} canCreate={can('careForms.create')} />;
}

function FormsList(props: { clientId: number; clientName: string; canCreate: boolean }) {
  const { t } = useTranslation('careForms');
  const trpc = useTRPC();
  const [creating, setCreating] = useState(false);
  const forms = useQuery(trpc.careForms.listForClient.queryOptions({ clientId: props.clientId }));
  const rows = forms.data ?? [];
  return (
    <SectionCard
      title={t('client.title')}
      actions={
        props.canCreate && (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setCreating(true)}>
            {t('client.new')}
          </Button>
        )
      }
      loading={forms.isPending}
      loadingLabel={t('client.loading')}
      error={forms.error}
      empty={rows.length === 0 && t('client.empty')}
    >
      {rows.length > 0 && (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((form) => (
            <FormRow key={form.id} form={form} />
          ))}
        </Stack>
      )}
      <NewCareFormModal
        opened={creating}
        onClose={() => setCreating(false)}
        client={{ value: String(props.clientId), label: props.clientName }}
      />
    </SectionCard>
  );
}
