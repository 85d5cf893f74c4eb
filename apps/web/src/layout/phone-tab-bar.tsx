import type { ComponentType } from 'react';
import { AppShell, Group, Indicator, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import classes from './phone-tab-bar.module.css';

/** One tab of a phone app's bottom bar. */
export interface PhoneTab {
  /** A stable key (also the count badge's test id, `<key>-count`). */
  key: string;
  to: string;
  label: string;
  Icon: ComponentType<{ size?: number; stroke?: number }>;
  /** The badge's text (a count), null for none. */
  count?: string | null;
  /** The badge's colour (Mantine colour name), the theme's by default. */
  countColor?: string;
}

/**
 * The bottom bar of the phone apps (caregiver and client): icon tabs with a label, the current one marked with
 * aria-current, and an optional count badge that screen readers hear after the label.
 * @param label the navigation landmark's accessible name
 * @param active the key of the current tab, null when none is
 */
export function PhoneTabBar({ label, tabs, active }: { label: string; tabs: PhoneTab[]; active: string | null }) {
  return (
    <AppShell.Footer component="nav" aria-label={label}>
      <Group h="100%" grow gap={0} wrap="nowrap">
        {tabs.map(({ key, to, Icon, label: tabLabel, count = null, countColor }) => (
          <UnstyledButton
            key={key}
            component={Link}
            to={to}
            className={classes.tab}
            data-active={key === active || undefined}
            aria-current={key === active ? 'page' : undefined}
          >
            <Indicator
              label={count}
              disabled={count === null}
              color={countColor}
              size={16}
              offset={2}
              inline
              aria-hidden
              data-testid={`${key}-count`}
            >
              <Icon size={22} stroke={1.6} />
            </Indicator>
            <Text size="xs" fw={500} inherit>
              {tabLabel}
            </Text>
            {count !== null && <VisuallyHidden>{`, ${count}`}</VisuallyHidden>}
          </UnstyledButton>
        ))}
      </Group>
    </AppShell.Footer>
  );
}
