import { Alert, Anchor, Badge, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconLock } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { errorMessageOf } from '@/api/api-error';
import { useCurrentUser } from '@/api/current-user';
import { useTRPC } from '@/api/trpc';
import { formatDateTime } from '@/format/date-format';
import { expectedColumns, IMPORT_TARGET_LABELS } from './file-imports.format';

/** Where one type is edited. */
export const importTypeHref = (name: string) => `/admin/file-import-types/${encodeURIComponent(name)}`;

/**
 * /admin/file-import-types (spec section 6, system level): every import type with what it creates and how many
 * columns it reads; a type opens its edit form. Without system-level access the list is shown without links.
 */
export function FileImportTypesPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const me = useCurrentUser().data;
  const types = useQuery(trpc.getFileImportTypes.queryOptions());
  const editable = me?.roleHasSystemLevelAccess === true;

  let content;
  if (types.isError) {
    content = (
      <Alert color="red" role="alert">
        {errorMessageOf(types.error)}
      </Alert>
    );
  } else if (types.isPending) {
    content = <Loader size="sm" aria-label="Loading import types" />;
  } else if (types.data.length === 0) {
    content = (
      <Text c="dimmed" size="sm">
        No import types yet.
      </Text>
    );
  } else {
    content = (
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={640} type="native">
          <Table striped highlightOnHover={editable} verticalSpacing="xs" fz="sm" aria-label="File import types">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Type</Table.Th>
                <Table.Th>Creates</Table.Th>
                <Table.Th ta="right">Columns</Table.Th>
                <Table.Th>Built in</Table.Th>
                <Table.Th>Updated</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {types.data.map((t) => (
                <Table.Tr
                  key={t.name}
                  style={editable ? { cursor: 'pointer' } : undefined}
                  onClick={editable ? () => void navigate(importTypeHref(t.name)) : undefined}
                >
                  <Table.Td>
                    {editable ? (
                      <Anchor component={Link} to={importTypeHref(t.name)} fz="sm">
                        {t.label}
                      </Anchor>
                    ) : (
                      t.label
                    )}
                    <Text size="xs" c="dimmed" ff="monospace">
                      {t.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>{IMPORT_TARGET_LABELS[t.target]}</Table.Td>
                  <Table.Td ta="right">{expectedColumns(t).length}</Table.Td>
                  <Table.Td>
                    {t.builtIn ? <Badge variant="light">Built in</Badge> : <Badge variant="default">Custom</Badge>}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(t.updatedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    );
  }

  return (
    <Stack gap="md">
      <Title order={2}>File Import Types</Title>
      {me && !editable && (
        <Alert color="gray" icon={<IconLock size={16} />}>
          Read only: import types are changed by users with system-level access.
        </Alert>
      )}
      {content}
    </Stack>
  );
}
