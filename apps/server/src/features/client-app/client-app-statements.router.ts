import { router } from '../../trpc/init';

/** The client app's statements calls; see client-app.router.ts. Not built yet: it holds no procedure. */
export const clientAppStatementsRouter = router({});
