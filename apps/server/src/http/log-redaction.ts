import type { FastifyRequest } from 'fastify';

/**
 * What the server log may hold (HIPAA minimum necessary; issue "No way around the rules": secrets and health data
 * stay where they belong). The log is read by whoever runs the server, so it carries no health data and no
 * secrets, at every level:
 * - a request is logged by its method and path only: every query parameter's value is replaced by REDACTED, since
 *   query strings carry tRPC inputs (a searched client's name in `?input=`) and signed file URLs (the signature,
 *   and a file name that may name a client, in `?sig=` and `?filename=`); the keys stay, to tell calls apart;
 * - pino's redaction censors headers with credentials (authorization, cookies) and any `input`, `query` or `body`
 *   field, wherever a log call passes one.
 */

/** What a redacted value is written as. */
export const REDACTED = '[redacted]';

/** A request URL as the log writes it: the path, and each query parameter's key with its value redacted. */
export function redactedUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const keys = [...new Set(new URLSearchParams(url.slice(start + 1)).keys())];
  return `${url.slice(0, start)}?${keys.map((key) => `${encodeURIComponent(key)}=${REDACTED}`).join('&')}`;
}

/** Fields that may hold a secret or health data, wherever a log call puts them (pino redact paths). */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'input',
  'query',
  'body',
  '*.input',
  '*.query',
  '*.body',
];

/**
 * The Fastify logger options of the app: the level, the request serializer that writes redactedUrl (replacing
 * Fastify's own, which writes the full URL), pino's redaction of REDACT_PATHS, and the destination (standard output
 * unless a test gives a stream to read the log back).
 */
export function loggerOptions(level: string, stream?: { write(line: string): void }) {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactedUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
