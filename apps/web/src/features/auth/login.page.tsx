import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { signIn, signInWithLink } from '@/api/auth-api';
import { useAuthToken } from '@/api/auth-token';
import { errorMessageOf } from '@/api/api-error';
import { safeRedirect } from '@/layout/route-access';
import { SecondFactorForm } from './login.second-factor';

/**
 * /login: sign-in by username or email, then the second factor when one is enrolled (issue 20), or with a one-time
 * login link (/login?token=...). A signed-in visitor (including one who just signed in here) is sent on to the
 * redirect value when it is a path on this site, otherwise to /.
 */
export function LoginPage() {
  const { t } = useTranslation('signIn');
  const { token } = useAuthToken();
  const [searchParams] = useSearchParams();
  const [serverError, setServerError] = useState<string | null>(null);
  const [secondFactor, setSecondFactor] = useState<string[] | null>(null);
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
    signInWithLink(linkToken).catch((error: unknown) => setServerError(errorMessageOf(error)));
  }, [linkToken, token]);

  if (token) return <Navigate to={safeRedirect(searchParams.get('redirect'))} replace />;

  const onSubmit = form.onSubmit(async ({ identifier, password }) => {
    setServerError(null);
    try {
      // Storing the token re-renders this page, which then redirects.
      const result = await signIn(identifier.trim(), password);
      if (result.secondFactor) setSecondFactor(result.secondFactor);
    } catch (error) {
      setServerError(errorMessageOf(error));
    }
  });

  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-body)">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={380}>
        <Stack gap="md">
          <div>
            <Title order={2}>{t('productName')}</Title>
            <Text c="dimmed" size="sm">
              {secondFactor ? t('code.title') : t('form.subtitle')}
            </Text>
          </div>
          {serverError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {serverError}
            </Alert>
          )}
          {secondFactor ? (
            <SecondFactorForm methods={secondFactor} onError={setServerError} />
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
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
