import { router } from '../../trpc/init';

/** The client app's messages calls; see client-app.router.ts. Not built yet: it holds no procedure. */
export const clientAppMessagesRouter = router({});
