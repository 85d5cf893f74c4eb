import { useCurrentUser } from '@/api/current-user';
import { CaregiverShell } from './caregiver.shell';
import { StaffShell } from './staff.shell';

/**
 * Layout of the routes staff and caregivers share (/chat and /notifications, as the session gate keeps caregivers
 * out of the rest): caregivers keep their bottom bar, everyone else gets the staff shell.
 */
export function MainLayout() {
  const user = useCurrentUser().data;
  return user?.isCaregiver ? <CaregiverShell /> : <StaffShell />;
}
