import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { CarePlanPage } from '@/features/caregiver-app/care-plan.page';
import { VisitFormsLinks } from '@/features/care-forms/phone/care-forms-phone.visit-links';
import { CasesPhoneLinks } from '@/features/cases/phone/cases-phone.links';

/**
 * /app/care-plans/{id}?shiftId= (the visit's page): the visit's care plan, then links to the visit's care forms (issue
 * 23 item 3) and to report an incident (issue 24 item 3). Composed here because features do not import each other; the forms' own code loads only when opened.
 */
export function CarePlanRoute() {
  const [params] = useSearchParams();
  const shiftId = Number(params.get('shiftId'));
  return (
    <Stack gap="md">
      <CarePlanPage />
      {Number.isInteger(shiftId) && shiftId > 0 && <VisitFormsLinks shiftId={shiftId} />}
      {Number.isInteger(shiftId) && shiftId > 0 && <CasesPhoneLinks shiftId={shiftId} />}
    </Stack>
  );
}
