import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuthToken } from '@/api/auth-token';
import { useCurrentUser } from '@/api/current-user';
import { confinementRedirect, loginPathFor } from './route-access';
import { FullPageError, FullPageLoader } from './full-page-status';
import { MandatoryMfaGate } from '@/components/mfa/mandatory-mfa.gate';

/**
 * Guards every route but /login: no token sends the user to sign in (with a redirect back, unless they just signed
 * out), and a signed-in user is kept inside the app meant for their role and, until they have a second factor
 * their role requires, meets only the mandatory MFA dialog (spec section 6).
 */
export function SessionGate() {
  const { token, reason } = useAuthToken();
  const location = useLocation();
  if (!token) return <Navigate to={reason === 'signed-out' ? '/login' : loginPathFor(location)} replace />;
  return <RoleGate />;
}

function RoleGate() {
  const location = useLocation();
  const currentUser = useCurrentUser();
  if (currentUser.isPending) return <FullPageLoader />;
  if (currentUser.isError) {
    return <FullPageError message={currentUser.error.message} onRetry={() => void currentUser.refetch()} />;
  }
  const target = confinementRedirect(currentUser.data, location.pathname);
  if (target) return <Navigate to={target} replace />;
  return (
    <MandatoryMfaGate roleId={currentUser.data.role.id} impersonating={currentUser.data.impersonatedUserId != null}>
      <Outlet />
    </MandatoryMfaGate>
  );
}
