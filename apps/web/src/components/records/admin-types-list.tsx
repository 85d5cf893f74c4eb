import type { ReactNode } from 'react';
import { Alert, Anchor, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconLock } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { errorMessageOf } from '@/api/api-error';
import { useCurrentUser } from '@/api/current-user';
import { formatInstant } from '@hearth/shared/app/time-display';
import { useUserTimeZone } from '@/api/display-zone';

/** A column of the list after the name: its header and what a type shows in it. */
export interface AdminTypeColumn<T> {
  label: string;
  cell: (type: T) => ReactNode;
  align?: 'right';
}

/**
 * The list of a system-level admin's types (/admin/file-import-types, /admin/file-export-types; spec section 6):
 * each type's label and name, the given columns and when it was last updated; a type opens its edit page at
 * `href(name)`. Without system-level access the list is read only, without links, and says so.
 * @param noun what the types are, in the plural, for messages ("import types").
 */
export function AdminTypesList<T extends { name: string; label: string; updatedAt: string }>(props: {
  title: string;
  noun: string;
  types: UseQueryResult<T[], unknown>;
  href: (name: string) => string;
  columns: AdminTypeColumn<T>[];
}) {
  const { title, noun, types, href, columns } = props;
  const navigate = useNavigate();
  const me = useCurrentUser().data;
  const editable = me?.roleHasSystemLevelAccess === true;
  // Types belong to no branch: their times are in the signed-in user's own zone.
  const timeZone = useUserTimeZone();

  let content;
  if (types.isError) {
    content = (
      <Alert color="red" role="alert">
        {errorMessageOf(types.error)}
      </Alert>
    );
  } else if (types.isPending) {
    content = <Loader size="sm" aria-label={`Loading ${noun}`} />;
  } else if (types.data.length === 0) {
    content = (
      <Text c="dimmed" size="sm">
        No {noun} yet.
      </Text>
    );
  } else {
    content = (
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={640} type="native">
          <Table striped highlightOnHover={editable} verticalSpacing="xs" fz="sm" aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Type</Table.Th>
                {columns.map((c) => (
                  <Table.Th key={c.label} ta={c.align}>
                    {c.label}
                  </Table.Th>
                ))}
                <Table.Th>Updated</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {types.data.map((t) => (
                <Table.Tr
                  key={t.name}
                  style={editable ? { cursor: 'pointer' } : undefined}
                  onClick={editable ? () => void navigate(href(t.name)) : undefined}
                >
                  <Table.Td>
                    {editable ? (
                      <Anchor component={Link} to={href(t.name)} fz="sm">
                        {t.label}
                      </Anchor>
                    ) : (
                      t.label
                    )}
                    <Text size="xs" c="dimmed" ff="monospace">
                      {t.name}
                    </Text>
                  </Table.Td>
                  {columns.map((c) => (
                    <Table.Td key={c.label} ta={c.align} style={{ whiteSpace: 'nowrap' }}>
                      {c.cell(t)}
                    </Table.Td>
                  ))}
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatInstant(t.updatedAt, timeZone)}</Table.Td>
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
      <Title order={2}>{title}</Title>
      {me && !editable && (
        <Alert color="gray" icon={<IconLock size={16} />}>
          Read only: {noun} are changed by users with system-level access.
        </Alert>
      )}
      {content}
    </Stack>
  );
}
