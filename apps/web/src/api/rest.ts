import { HttpError } from './api-error';
import { apiHeaders } from './trpc';
import { expireSession } from './session';

/**
 * Calls one of the REST routes with the bearer and app-version headers and returns the parsed JSON body.
 * A non-2xx answer throws an HttpError with the server's `message`; a 401 also ends the session.
 */
export async function restJson<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: {
      ...apiHeaders(),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    if (response.status === 401) expireSession();
    throw new HttpError(response.status, await messageOf(response));
  }
  return (await response.json()) as T;
}

/** The `message` of an error body, falling back to the status text when the body is not the usual JSON. */
export async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // Not JSON: use the status line below.
  }
  return `${response.status} ${response.statusText}`.trim();
}
