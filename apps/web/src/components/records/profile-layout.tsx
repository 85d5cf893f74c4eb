import type { ReactNode } from 'react';
import { Grid, Stack } from '@mantine/core';

/**
 * The layout of a profile page (a client's, a caregiver's): the header on top, then two columns (7 and 5 twelfths
 * on wide screens, stacked on narrow ones), the full-width sections, and two even columns at the bottom. Each slot
 * takes its sections in order.
 */
export function ProfileLayout(props: {
  header: ReactNode;
  left: ReactNode;
  right: ReactNode;
  wide: ReactNode;
  bottomLeft: ReactNode;
  bottomRight: ReactNode;
}) {
  return (
    <Stack gap="md">
      {props.header}
      <Grid gutter="md" align="stretch">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">{props.left}</Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">{props.right}</Stack>
        </Grid.Col>
      </Grid>
      {props.wide}
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 6 }}>{props.bottomLeft}</Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>{props.bottomRight}</Grid.Col>
      </Grid>
    </Stack>
  );
}
