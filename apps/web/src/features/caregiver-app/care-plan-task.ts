import { useTranslation } from 'react-i18next';
import { CARE_PLAN_TASKS } from '@hearth/shared/clients/clients.constants';

type CarePlanTask = (typeof CARE_PLAN_TASKS)[number];

const KNOWN_TASKS = new Set<string>(CARE_PLAN_TASKS);

/**
 * A care plan task's name in the user's language. Tasks are stored by their English name (the care plan's fixed
 * list, docs/glossary.md "Care plan"), which is also their key in the records catalogue that the office's care plan
 * form reads, so the phone and the office name a task alike.
 * @returns a function of the stored name to the shown one; a name outside the list is shown as stored
 */
export function useCarePlanTaskLabel(): (task: string) => string {
  const { t } = useTranslation('records');
  return (task) => (KNOWN_TASKS.has(task) ? t(`carePlan.tasks.${task as CarePlanTask}`) : task);
}
