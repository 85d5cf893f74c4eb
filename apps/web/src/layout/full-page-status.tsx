import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';

/** A centred spinner while the session or a page's code loads. */
export function FullPageLoader() {
  return (
    <Center h="100vh" aria-busy="true">
      <Loader />
    </Center>
  );
}

/** The "An error occurred" screen (spec section 8) with a Try again button. */
export function FullPageError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Center h="100vh" p="md">
      <Stack align="center" gap="sm" maw={420}>
        <Title order={3}>An error occurred</Title>
        <Text c="dimmed" ta="center">
          {message}
        </Text>
        <Button onClick={onRetry}>Try again</Button>
      </Stack>
    </Center>
  );
}
