import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { signIn, signInWithLink } from '@/api/auth-api';
import { useAuthToken } from '@/api/auth-token';
import { safeRedirect } from '@/layout/route-access';
import { FullPageError } from '@/layout/full-page-status';
import { SecondFactorForm } from './login.second-factor';
import { AuthCard, AuthProblemScreen, ProblemAlert, useProblemText } from './auth-card';
import { authFailureOf, signInProblemOf, type SignInProblem } from './sign-in.errors';

/** The problem a `?error=<CODE>` redirect names (better-auth sends one when a link it checks is refused). */
function problemOfErrorParam(code: string | null): SignInProblem | null {
  if (!code) return null;
  return { screen: 'authError', key: code === 'INVALID_TOKEN' ? 'errors.resetLinkInvalid' : undefined };
}

/**
 * /login: sign-in by username or email, then the second factor when one is enrolled (issue 20), or with a one-time
 * login link (/login?token=...). A signed-in visitor (including one who just signed in here) is sent on to the
 * redirect value when it is a path on this site, otherwise to /. Problems are worded by sign-in.errors.ts (never
 * saying whether an account exists); a refused login link shows Authentication Failed, a sign-in that cannot go on
 * (`?error=<CODE>`, a lost second-factor step) Authentication Error, a server failure "An error occurred" with Try
 * again. `?reset=done` (after a password reset) shows a notice; "Forgot password?" leads to /forgot-password.
 */
export function LoginPage() {
  const { t } = useTranslation('signIn');
  const { token } = useAuthToken();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [problem, setProblem] = useState<SignInProblem | null>(() => problemOfErrorParam(searchParams.get('error')));
  const [secondFactor, setSecondFactor] = useState<string[] | null>(null);
  const problemText = useProblemText();
  const form = useForm({
    initialValues: { identifier: '', password: '' },
    validate: {
      identifier: (value) => (value.trim() ? null : t('form.identifierRequired')),
      password: (value) => (value ? null : t('form.passwordRequired')),
    },
  });

  const linkToken = searchParams.get('token');
  const redeemed = useRef(false);
  useEffect(() => {
    // Once only: a link works a single time, and React may run effects twice in development.
    if (!linkToken || token || redeemed.current) return;
    redeemed.current = true;
    signInWithLink(linkToken).catch((error: unknown) => setProblem(signInProblemOf(authFailureOf(error), 'link')));
  }, [linkToken, token]);

  if (token) return <Navigate to={safeRedirect(searchParams.get('redirect'))} replace />;

  const startAgain = () => {
    setProblem(null);
    setSecondFactor(null);
    const redirect = searchParams.get('redirect');
    void navigate(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login', { replace: true });
  };
  if (problem?.screen === 'authFailed' || problem?.screen === 'authError') {
    return <AuthProblemScreen kind={problem.screen} problem={problem} onBack={startAgain} />;
  }
  if (problem?.screen === 'unexpected') return <FullPageError message={problemText(problem)} onRetry={() => setProblem(null)} />;

  const onSubmit = form.onSubmit(async ({ identifier, password }) => {
    setProblem(null);
    try {
      // Storing the token re-renders this page, which then redirects.
      const result = await signIn(identifier.trim(), password);
      if (result.secondFactor) setSecondFactor(result.secondFactor);
    } catch (error) {
      setProblem(signInProblemOf(authFailureOf(error), 'password'));
    }
  });
  const resetDone = searchParams.get('reset') === 'done';

  return (
    <AuthCard subtitle={secondFactor ? t('code.title') : t('form.subtitle')}>
      {resetDone && !problem && !secondFactor && (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
          {t('reset.done')}
        </Alert>
      )}
      {problem && <ProblemAlert problem={problem} />}
      {secondFactor ? (
        <SecondFactorForm methods={secondFactor} onProblem={setProblem} />
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('form.identifier')}
              autoComplete="username"
              autoFocus
              size="sm"
              {...form.getInputProps('identifier')}
            />
            <PasswordInput
              label={t('form.password')}
              autoComplete="current-password"
              size="sm"
              {...form.getInputProps('password')}
            />
            <Button type="submit" loading={form.submitting} fullWidth>
              {t('form.submit')}
            </Button>
            <Anchor component={Link} to="/forgot-password" size="sm" ta="center">
              {t('forgot.link')}
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
