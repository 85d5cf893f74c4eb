import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { CarePlanPage } from '@/features/caregiver-app/care-plan.page';
import { VisitFormsLinks } from '@/features/care-forms/phone/care-forms-phone.visit-links';

/**
 * /app/care-plans/{id}?shiftId= (the visit's page): the visit's care plan, then links to the visit's care forms (issue
 * 23 item 3). Composed here because features do not import each other; the forms' own code loads only when opened.
 */
export function CarePlanRoute() {
  const [params] = useSearchParams();
  const shiftId = Number(params.get('shiftId'));
  return (
    <Stack gap="md">
      <CarePlanPage />
      {Number.isInteger(shiftId) && shiftId > 0 && <VisitFormsLinks shiftId={shiftId} />}
    </Stack>
  );
}
