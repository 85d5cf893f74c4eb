import type { ReactNode } from 'react';
import { Alert, Anchor, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { wordValidationMessage } from '@/forms/zod-validate';
import type { SignInProblem } from './sign-in.errors';

/**
 * The card every sign-in screen sits in (sign-in, forgot and reset password, the error screens): the heading
 * (the product name unless given), a line under it, then the screen's content.
 */
export function AuthCard({ heading, subtitle, children }: { heading?: string; subtitle: string; children: ReactNode }) {
  const { t } = useTranslation('signIn');
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-body)">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={380}>
        <Stack gap="md">
          <div>
            <Title order={2}>{heading ?? t('productName')}</Title>
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          </div>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

/** The words of a sign-in problem in the shown language: its catalogue message, or the server's text worded. */
export function useProblemText(): (problem: SignInProblem) => string {
  const { t } = useTranslation('signIn');
  return (problem) =>
    problem.key
      ? t(problem.key, problem.count === undefined ? {} : { count: problem.count })
      : wordValidationMessage(problem.message ?? '');
}

/** A red alert with a problem's words (announced by screen readers as it appears). */
export function ProblemAlert({ problem }: { problem: SignInProblem }) {
  const text = useProblemText();
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
      {text(problem)}
    </Alert>
  );
}

/**
 * The spec's Authentication Error and Authentication Failed ("Failed to authenticate you with your device")
 * screens (section 8): the title, its line, the reason when known, and a way back to the sign-in form.
 */
export function AuthProblemScreen({
  kind,
  problem,
  onBack,
}: {
  kind: 'authError' | 'authFailed';
  problem?: SignInProblem | null;
  onBack: () => void;
}) {
  const { t } = useTranslation('signIn');
  return (
    <AuthCard heading={t(`screens.${kind}.title`)} subtitle={t(`screens.${kind}.text`)}>
      {problem && (problem.key || problem.message) && <ProblemAlert problem={problem} />}
      <Button onClick={onBack} fullWidth>
        {t('screens.backToSignIn')}
      </Button>
    </AuthCard>
  );
}

/** The link under a sign-in side form (forgot password, new password) back to /login. */
export function BackToSignInLink() {
  const { t } = useTranslation('signIn');
  return (
    <Anchor component={Link} to="/login" size="sm" ta="center">
      {t('screens.backToSignIn')}
    </Anchor>
  );
}
