import type { ViewDefinition } from './views.registry';
import { usersView } from '../users/users.view';
import { branchesView } from '../branches/branches.view';
import { clientsView } from '../clients/clients.view';
import { caregiversView } from '../caregivers/caregivers.view';
import { payerSourcesView } from '../payer-sources/payer-sources.view';
import { shiftsView } from '../shifts/shifts.view';
import { fileImportRowsView, fileImportsView } from '../file-imports/file-imports.view';
import { fileExportsView } from '../file-exports/file-exports.view';
import { REPORT_VIEWS } from '../reports/reports.catalog';
import { accessLogView } from '../access-log/access-log.view';
import { careFormsView } from '../care-forms/care-forms.view';
import { casesView } from '../cases/cases.view';

/** Every backend view, by name. A new list or report is one more declaration here. */
const VIEWS = new Map<string, ViewDefinition>(
  [
    usersView,
    branchesView,
    clientsView,
    caregiversView,
    payerSourcesView,
    shiftsView,
    fileExportsView,
    fileImportsView,
    fileImportRowsView,
    accessLogView,
    careFormsView,
    casesView,
    ...REPORT_VIEWS,
  ].map((v) => [v.name, v]),
);

/** The view named `name`, or undefined. */
export function findView(name: string): ViewDefinition | undefined {
  return VIEWS.get(name);
}

/** All view names, sorted (the roles editor's view permission catalog). */
export function viewNames(): string[] {
  return [...VIEWS.keys()].sort();
}
