import type { FieldError } from '@lumenfield/contract';

/** The fake API's answers in the web's tests, as the server sends them. */
export function json(body: unknown, status = 200) {
  const type = status >= 400 ? 'application/problem+json' : 'application/json';
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } });
}

/** A refusal as the server answers one: a problem document with its sentence and field errors. */
export function problem(status: number, detail: string, errors?: FieldError[]) {
  return json(
    { type: 'about:blank', title: 'Error', status, detail, ...(errors ? { errors } : {}) },
    status,
  );
}
