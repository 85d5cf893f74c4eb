import { useState } from 'react';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ZResetPasswordForm, type ResetPasswordForm } from '@hearth/shared/auth/password-reset.schema';
import { resetPassword } from '@/api/auth-api';
import { zodValidate } from '@/forms/zod-validate';
import { AuthCard, BackToSignInLink, ProblemAlert } from './auth-card';
import { authFailureOf, signInProblemOf, type SignInProblem } from './sign-in.errors';

/**
 * /reset-password?token=<token> (public, the link of the reset email; issue 20): a new password, checked against
 * the policy by the same shared schema the server applies (ZPassword, spec section 5), typed twice. Success goes
 * to /login?reset=done, which says so; an invalid, used or expired link says so and offers a new one.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('signIn');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [problem, setProblem] = useState<SignInProblem | null>(
    token ? null : { screen: 'alert', key: 'errors.resetLinkInvalid' },
  );
  const form = useForm<ResetPasswordForm>({
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: zodValidate(ZResetPasswordForm),
  });

  const onSubmit = form.onSubmit(async ({ newPassword }) => {
    if (!token) return;
    setProblem(null);
    try {
      await resetPassword(token, newPassword);
      void navigate('/login?reset=done', { replace: true });
    } catch (error) {
      setProblem(signInProblemOf(authFailureOf(error), 'reset'));
    }
  });
  const linkRefused = problem?.key === 'errors.resetLinkInvalid';

  return (
    <AuthCard subtitle={t('reset.title')}>
      {problem && <ProblemAlert problem={problem} />}
      {linkRefused ? (
        <Button component={Link} to="/forgot-password" fullWidth>
          {t('reset.requestNew')}
        </Button>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <PasswordInput
              label={t('reset.newPassword')}
              autoComplete="new-password"
              autoFocus
              size="sm"
              description={t('reset.policy')}
              {...form.getInputProps('newPassword')}
            />
            <PasswordInput
              label={t('reset.confirmPassword')}
              autoComplete="new-password"
              size="sm"
              {...form.getInputProps('confirmPassword')}
            />
            <Button type="submit" loading={form.submitting} fullWidth>
              {t('reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <BackToSignInLink />
    </AuthCard>
  );
}
