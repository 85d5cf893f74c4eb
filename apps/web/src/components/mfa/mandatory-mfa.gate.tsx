import type { ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isMfaRequiredForRole } from '@hearth/shared/mfa/mfa.constants';
import { MandatoryMfaDialog } from './mandatory-mfa.dialog';
import { useMfaStatus } from './mfa-api';

/**
 * Shows the mandatory MFA dialog instead of the app while the signed-in user must still enrol (spec section 6);
 * the app's calls would all be refused meanwhile. Clients and trusted contacts (`roleId`) are never asked.
 */
export function MandatoryMfaGate({
  roleId,
  impersonating,
  children,
}: {
  roleId: number;
  impersonating: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('mfa');
  const required = isMfaRequiredForRole(roleId) && !impersonating;
  const status = useMfaStatus(required);
  useEffect(() => {
    if (status.isError) notifications.show({ color: 'red', title: t('toast.statusFailed'), message: status.error.message });
  }, [status.isError, status.error, t]);
  if (required && status.data?.mustEnrol) return <MandatoryMfaDialog phoneNumber={status.data.phoneNumber} />;
  return <>{children}</>;
}
