import {
  ZClientAppStatement,
  ZClientAppStatementInput,
  ZClientAppStatementPdf,
  ZClientAppStatementsOutput,
} from '@hearth/shared/client-app/client-app-statements.schema';
import { ZClientAppClientInput } from '@hearth/shared/client-app/client-app.schema';
import { permissionProcedure, router } from '../../trpc/init';
import { clientAppGetStatementPdf } from './client-app-statements.pdf';
import { clientAppGetStatement, clientAppGetStatements } from './client-app-statements.service';

/**
 * The client app's statements calls (statements permission, else 404); see client-app.router.ts. Months are the
 * client's branch's calendar months at the request's receipt time; money integer cents.
 */
export const clientAppStatementsRouter = router({
  /** {clientId} -> {privatePay, statements: months newest first}; see clientAppGetStatements. */
  clientAppGetStatements: permissionProcedure
    .input(ZClientAppClientInput)
    .output(ZClientAppStatementsOutput)
    .query(({ ctx, input }) => clientAppGetStatements({ scope: ctx.scope, input, now: ctx.receivedAt })),
  /** {clientId, month YYYY-MM} -> one month's statement; 404 for a month without one; see clientAppGetStatement. */
  clientAppGetStatement: permissionProcedure
    .input(ZClientAppStatementInput)
    .output(ZClientAppStatement)
    .query(({ ctx, input }) => clientAppGetStatement({ scope: ctx.scope, input, now: ctx.receivedAt })),
  /** {clientId, month} -> {fileName, contentType application/pdf, base64}: the statement's PDF in the reader's language. */
  clientAppGetStatementPdf: permissionProcedure
    .input(ZClientAppStatementInput)
    .output(ZClientAppStatementPdf)
    .query(({ ctx, input }) =>
      clientAppGetStatementPdf({ scope: ctx.scope, input, now: ctx.receivedAt, language: ctx.language }),
    ),
});
