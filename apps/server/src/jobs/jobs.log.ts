/** Where jobs write: the console or a Fastify/pino logger. */
export interface JobLog {
  info(message: string): void;
  error(message: string): void;
}
