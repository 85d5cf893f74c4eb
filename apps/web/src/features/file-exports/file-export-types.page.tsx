import { Alert, Anchor, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconLock } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { FILE_EXPORT_KIND_LABELS } from '@hearth/shared/file-exports/file-exports.kinds';
import { errorMessageOf } from '@/api/api-error';
import { useCurrentUser } from '@/api/current-user';
import { useTRPC } from '@/api/trpc';
import { formatDateTime } from '@/format/date-format';
import { EXPORT_FORMAT_LABELS, formatRetention } from './file-exports.format';

/** Where one type is edited. */
export const exportTypeHref = (name: string) => `/admin/file-export-types/${encodeURIComponent(name)}`;

/**
 * /admin/file-export-types (spec section 6, system level): every export type with its kind, format and how long
 * its files are kept; a type opens its edit form. Without system-level access the list is shown without links.
 */
export function FileExportTypesPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const me = useCurrentUser().data;
  const types = useQuery(trpc.getFileExportTypes.queryOptions());
  const editable = me?.roleHasSystemLevelAccess === true;

  let content;
  if (types.isError) {
    content = (
      <Alert color="red" role="alert">
        {errorMessageOf(types.error)}
      </Alert>
    );
  } else if (types.isPending) {
    content = <Loader size="sm" aria-label="Loading export types" />;
  } else if (types.data.length === 0) {
    content = (
      <Text c="dimmed" size="sm">
        No export types yet.
      </Text>
    );
  } else {
    content = (
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={640} type="native">
          <Table striped highlightOnHover={editable} verticalSpacing="xs" fz="sm" aria-label="File export types">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Type</Table.Th>
                <Table.Th>Exports</Table.Th>
                <Table.Th>Format</Table.Th>
                <Table.Th>Kept for</Table.Th>
                <Table.Th>Updated</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {types.data.map((t) => (
                <Table.Tr
                  key={t.name}
                  style={editable ? { cursor: 'pointer' } : undefined}
                  onClick={editable ? () => void navigate(exportTypeHref(t.name)) : undefined}
                >
                  <Table.Td>
                    {editable ? (
                      <Anchor component={Link} to={exportTypeHref(t.name)} fz="sm">
                        {t.label}
                      </Anchor>
                    ) : (
                      t.label
                    )}
                    <Text size="xs" c="dimmed" ff="monospace">
                      {t.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>{FILE_EXPORT_KIND_LABELS[t.kind]}</Table.Td>
                  <Table.Td>{EXPORT_FORMAT_LABELS[t.format]}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatRetention(t.retentionHours)}</Table.Td>
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
      <Title order={2}>File Export Types</Title>
      {me && !editable && (
        <Alert color="gray" icon={<IconLock size={16} />}>
          Read only: export types are changed by users with system-level access.
        </Alert>
      )}
      {content}
    </Stack>
  );
}
