import { Alert, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { CallProblems } from './type-files';

/**
 * A refused import or save: the server's message as the title and every problem it named as a list, so an admin
 * fixes them all at once instead of one per try.
 */
export function CallProblemsAlert({ problems, title }: { problems: CallProblems; title: string }) {
  return (
    <Alert color="red" role="alert" icon={<IconAlertTriangle size={16} />} title={title}>
      {problems.message}
      {problems.details.length > 0 && (
        <List size="sm" mt="xs" spacing={2} withPadding>
          {problems.details.map((detail, i) => (
            <List.Item key={i}>{detail}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
