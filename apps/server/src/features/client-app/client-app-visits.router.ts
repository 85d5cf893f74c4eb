import {
  ZClientAppCareSheetPdf,
  ZClientAppHome,
  ZClientAppRateVisitInput,
  ZClientAppRating,
  ZClientAppVisitDetail,
  ZClientAppVisitInput,
  ZClientAppVisitsInput,
  ZClientAppVisitsPage,
  ZVisitRatingsInput,
  ZVisitRatingsOutput,
} from '@hearth/shared/client-app/client-app-visits.schema';
import { ZClientAppClientInput } from '@hearth/shared/client-app/client-app.schema';
import { permissionProcedure, router } from '../../trpc/init';
import { clientAppGetCareSheetPdf } from './client-app-visits.pdf';
import { clientAppRateVisit } from './client-app-visits.rating';
import { getVisitRatings } from './client-app-visits.office';
import { clientAppGetHome, clientAppGetVisit, clientAppGetVisits } from './client-app-visits.service';

/**
 * The client app's home and visits (issue "client and family app" items 1 and 2); see client-app.router.ts. Each
 * call starts with reachClient (404 for a client out of reach or a permission not held) and reads the client's
 * visits with the reached client's id in the `where`. getVisitRatings is the office's side: the ratings families
 * gave a visit, in the staff's branch scope.
 */
export const clientAppVisitsRouter = router({
  /** Today's visits live and the next ones {clientId} -> ClientAppHome; schedule permission. */
  clientAppGetHome: permissionProcedure
    .input(ZClientAppClientInput)
    .output(ZClientAppHome)
    .query(({ ctx, input }) => clientAppGetHome({ scope: ctx.scope, input, now: ctx.receivedAt })),
  /** Past visits, newest first, paged {clientId, before?} -> ClientAppVisitsPage; schedule permission. */
  clientAppGetVisits: permissionProcedure
    .input(ZClientAppVisitsInput)
    .output(ZClientAppVisitsPage)
    .query(({ ctx, input }) => clientAppGetVisits({ scope: ctx.scope, input, now: ctx.receivedAt })),
  /** One visit {clientId, shiftId} -> ClientAppVisitDetail; care notes with the careNotes permission only. */
  clientAppGetVisit: permissionProcedure
    .input(ZClientAppVisitInput)
    .output(ZClientAppVisitDetail)
    .query(({ ctx, input }) => clientAppGetVisit({ scope: ctx.scope, input })),
  /** The caller's rating of a visit that took place {clientId, shiftId, rating 1..5, comment?} -> ClientAppRating. */
  clientAppRateVisit: permissionProcedure
    .input(ZClientAppRateVisitInput)
    .output(ZClientAppRating)
    .mutation(({ ctx, input }) => clientAppRateVisit({ scope: ctx.scope, input, now: ctx.receivedAt })),
  /** The visit's care sheet PDF {clientId, shiftId} -> {fileName, contentType, base64}; careNotes permission. */
  clientAppGetCareSheetPdf: permissionProcedure
    .input(ZClientAppVisitInput)
    .output(ZClientAppCareSheetPdf)
    .query(({ ctx, input }) => clientAppGetCareSheetPdf({ scope: ctx.scope, input, language: ctx.language })),
  /** The office: the families' ratings of a visit in the caller's branch scope {shiftId} -> VisitRating[]. */
  getVisitRatings: permissionProcedure
    .input(ZVisitRatingsInput)
    .output(ZVisitRatingsOutput)
    .query(({ ctx, input }) => getVisitRatings({ scope: ctx.scope, input })),
});
