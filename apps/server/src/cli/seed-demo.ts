import { runAsProcess } from './hearth.commands';

/**
 * `npm run seed:demo`, kept for its users: the same as `npm run hearth -- seed:demo` (hearth.migrate.ts
 * seedDemoCommand): prepares the database (DATABASE_URL, else the embedded one under DATA_DIR) and seeds the demo
 * agency, refusing a database that already holds one.
 */
await runAsProcess(['seed:demo']);
