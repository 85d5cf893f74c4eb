import type { ReactNode } from 'react';
import { Alert, Anchor, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconLock } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/api/api-error';
import { useCurrentUser } from '@/api/current-user';
import { formatInstant } from '@/format/instant-format';
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
 * @param title the page's title, in the shown language
 * @param texts the list's whole sentences in the shown language, from the page's catalogue (each language words
 *   the types with its own articles and agreement): `loading` the loader's label ("Loading import types"), `empty`
 *   ("No import types yet."), `readOnly` ("Read only: import types are changed by users with system-level access.")
 */
export function AdminTypesList<T extends { name: string; label: string; updatedAt: string }>(props: {
  title: string;
  texts: { loading: string; empty: string; readOnly: string };
  types: UseQueryResult<T[], unknown>;
  href: (name: string) => string;
  columns: AdminTypeColumn<T>[];
}) {
  const { title, texts, types, href, columns } = props;
  const navigate = useNavigate();
  const me = useCurrentUser().data;
  const editable = me?.roleHasSystemLevelAccess === true;
  // Types belong to no branch: their times are in the signed-in user's own zone.
  const timeZone = useUserTimeZone();
  const { t } = useTranslation('admin');

  let content;
  if (types.isError) {
    content = (
      <Alert color="red" role="alert">
        {errorMessageOf(types.error)}
      </Alert>
    );
  } else if (types.isPending) {
    content = <Loader size="sm" aria-label={texts.loading} />;
  } else if (types.data.length === 0) {
    content = (
      <Text c="dimmed" size="sm">
        {texts.empty}
      </Text>
    );
  } else {
    content = (
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={640} type="native">
          <Table striped highlightOnHover={editable} verticalSpacing="xs" fz="sm" aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('types.type')}</Table.Th>
                {columns.map((c) => (
                  <Table.Th key={c.label} ta={c.align}>
                    {c.label}
                  </Table.Th>
                ))}
                <Table.Th>{t('types.updated')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {types.data.map((type) => (
                <Table.Tr
                  key={type.name}
                  style={editable ? { cursor: 'pointer' } : undefined}
                  onClick={editable ? () => void navigate(href(type.name)) : undefined}
                >
                  <Table.Td>
                    {editable ? (
                      <Anchor component={Link} to={href(type.name)} fz="sm">
                        {type.label}
                      </Anchor>
                    ) : (
                      type.label
                    )}
                    <Text size="xs" c="dimmed" ff="monospace">
                      {type.name}
                    </Text>
                  </Table.Td>
                  {columns.map((c) => (
                    <Table.Td key={c.label} ta={c.align} style={{ whiteSpace: 'nowrap' }}>
                      {c.cell(type)}
                    </Table.Td>
                  ))}
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatInstant(type.updatedAt, timeZone)}</Table.Td>
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
          {texts.readOnly}
        </Alert>
      )}
      {content}
    </Stack>
  );
}
