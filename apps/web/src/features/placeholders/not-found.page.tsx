import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** Unknown paths (spec section 2): Page Not Found with a Go to home link. */
export function NotFoundPage() {
  return (
    <Stack align="center" gap="sm" py="xl">
      <Title order={2}>Page Not Found</Title>
      <Text c="dimmed">There is nothing at this address.</Text>
      <Anchor component={Link} to="/">
        Go to home
      </Anchor>
    </Stack>
  );
}
