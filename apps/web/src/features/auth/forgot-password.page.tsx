import { useState } from 'react';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  PASSWORD_RESET_TTL_MINUTES,
  ZRequestPasswordResetInput,
  type RequestPasswordResetInput,
} from '@hearth/shared/auth/password-reset.schema';
import { requestPasswordReset } from '@/api/auth-api';
import { zodValidate } from '@/forms/zod-validate';
import { AuthCard, BackToSignInLink, ProblemAlert } from './auth-card';
import { authFailureOf, signInProblemOf, type SignInProblem } from './sign-in.errors';

/**
 * /forgot-password (public, issue 20): asks for the account's email and has the server email a reset link. The
 * confirmation reads the same whether or not the address belongs to an account, as the server's answer does.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('signIn');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<SignInProblem | null>(null);
  const form = useForm<RequestPasswordResetInput>({
    initialValues: { email: '' },
    validate: zodValidate(ZRequestPasswordResetInput),
  });

  const onSubmit = form.onSubmit(async ({ email }) => {
    setProblem(null);
    try {
      await requestPasswordReset(email.trim());
      setSentTo(email.trim());
    } catch (error) {
      setProblem(signInProblemOf(authFailureOf(error), 'reset'));
    }
  });

  return (
    <AuthCard subtitle={t('forgot.title')}>
      {problem && <ProblemAlert problem={problem} />}
      {sentTo ? (
        <Alert color="teal" icon={<IconMailCheck size={18} />} role="status">
          {t('forgot.sent', { email: sentTo, minutes: PASSWORD_RESET_TTL_MINUTES })}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Text size="sm">{t('forgot.intro')}</Text>
            <TextInput
              label={t('forgot.email')}
              type="email"
              autoComplete="email"
              autoFocus
              size="sm"
              {...form.getInputProps('email')}
            />
            <Button type="submit" loading={form.submitting} fullWidth>
              {t('forgot.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <BackToSignInLink />
    </AuthCard>
  );
}
