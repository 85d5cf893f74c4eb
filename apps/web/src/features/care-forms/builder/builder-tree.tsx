import type { KeyboardEvent, ReactNode } from 'react';
import { Box, Button, Group, Menu, Paper, SimpleGrid, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconChevronDown,
  IconIndentDecrease,
  IconIndentIncrease,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ITEM_KINDS, kindOf } from './item-kinds';
import { KindIcon } from './kind-icon';
import { flattenItems, moveAbilities } from './questionnaire-tree';
import type { TreeMove, TypeBuilder } from './use-type-builder';
import classes from './builder.module.css';

/** The keys that move the focused item (with Alt), as the move buttons do. */
const MOVE_KEYS: Record<string, TreeMove> = { ArrowUp: 'up', ArrowDown: 'down', ArrowRight: 'in', ArrowLeft: 'out' };

/** The Add menu: one entry per kind of item; the new item goes into a selected group or after the selected item. */
function AddMenu({ builder, disabled }: { builder: TypeBuilder; disabled: boolean }) {
  const { t } = useTranslation('careFormBuilder');
  return (
    <Menu position="bottom-start" withinPortal middlewares={{ flip: false, shift: true }}>
      <Menu.Target>
        <Button size="sm" leftSection={<IconPlus size={16} />} rightSection={<IconChevronDown size={14} />} disabled={disabled}>
          {t('tree.add')}
        </Button>
      </Menu.Target>
      {/* Two columns, so the fourteen kinds fit below the button on a laptop screen. */}
      <Menu.Dropdown>
        <SimpleGrid cols={2} spacing={0} verticalSpacing={0}>
          {ITEM_KINDS.map((kind) => (
            <Menu.Item key={kind} leftSection={<KindIcon kind={kind} />} onClick={() => builder.add(kind)}>
              {t(`kinds.${kind}`)}
            </Menu.Item>
          ))}
        </SimpleGrid>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The selected item's moves and delete, each a labelled button (the keyboard's Alt+arrows do the same). */
function MoveToolbar({ builder, readOnly }: { builder: TypeBuilder; readOnly: boolean }) {
  const { t } = useTranslation('careFormBuilder');
  const linkId = builder.selected;
  const can = linkId === null ? null : moveAbilities(builder.items, linkId);
  const button = (move: TreeMove, label: string, icon: ReactNode, enabled: boolean | undefined) => (
    <Tooltip label={label}>
      <Button
        size="compact-sm"
        variant="default"
        aria-label={label}
        disabled={readOnly || !enabled}
        onClick={() => linkId !== null && builder.move(linkId, move)}
      >
        {icon}
      </Button>
    </Tooltip>
  );
  return (
    <Group gap={4} role="toolbar" aria-label={t('tree.moves')}>
      {button('up', t('tree.moveUp'), <IconArrowUp size={16} />, can?.up)}
      {button('down', t('tree.moveDown'), <IconArrowDown size={16} />, can?.down)}
      {button('in', t('tree.moveIn'), <IconIndentIncrease size={16} />, can?.intoGroupAbove)}
      {button('out', t('tree.moveOut'), <IconIndentDecrease size={16} />, can?.outOfGroup)}
      <Tooltip label={t('tree.delete')}>
        <Button
          size="compact-sm"
          variant="default"
          color="red"
          aria-label={t('tree.delete')}
          disabled={readOnly || linkId === null}
          onClick={() => linkId !== null && builder.remove(linkId)}
        >
          <IconTrash size={16} />
        </Button>
      </Tooltip>
    </Group>
  );
}

/**
 * The type's items as an indented outline in document order: each item a button that selects it (its text, kind
 * and linkId), Alt+Up/Down moving it among its siblings and Alt+Right/Left into the group above or out of its group;
 * above it the Add menu and the selected item's move buttons.
 */
export function BuilderTree({ builder, readOnly }: { builder: TypeBuilder; readOnly: boolean }) {
  const { t } = useTranslation('careFormBuilder');
  const rows = flattenItems(builder.items);
  const onKey = (event: KeyboardEvent, linkId: string) => {
    const move = MOVE_KEYS[event.key];
    if (!event.altKey || !move || readOnly) return;
    event.preventDefault();
    builder.move(linkId, move);
  };
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={t('tree.title')}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <AddMenu builder={builder} disabled={readOnly} />
          <MoveToolbar builder={builder} readOnly={readOnly} />
        </Group>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('tree.empty')}
          </Text>
        ) : (
          <Box component="ol" className={classes.outline} aria-label={t('tree.title')}>
            {rows.map(({ item, depth }) => {
              const kind = kindOf(item);
              const selected = item.linkId === builder.selected;
              return (
                <li key={item.linkId} style={{ paddingInlineStart: depth * 20 }}>
                  <UnstyledButton
                    className={classes.row}
                    data-selected={selected || undefined}
                    data-link-id={item.linkId}
                    aria-current={selected ? 'true' : undefined}
                    onClick={() => builder.select(item.linkId)}
                    onKeyDown={(event) => onKey(event, item.linkId)}
                  >
                    <KindIcon kind={kind} />
                    <span className={classes.rowText}>
                      {item.text?.trim() ? item.text : t('tree.untitled')}
                      {item.required && <span aria-hidden> *</span>}
                    </span>
                    <Text span size="xs" c="dimmed" className={classes.rowMeta}>
                      {t(`kinds.${kind}`)} · {item.linkId}
                      {item.required ? ` · ${t('properties.required')}` : ''}
                      {item.enableWhen ? ` · ${t('tree.conditional')}` : ''}
                    </Text>
                  </UnstyledButton>
                </li>
              );
            })}
          </Box>
        )}
        <Text size="xs" c="dimmed">
          {t('tree.keys')}
        </Text>
      </Stack>
    </Paper>
  );
}
