import type { z } from 'zod';

/** What a form's "values → API payload" mapping returns: the payload, or the message to toast. */
export type FormResult<T> =
  { ok: true; payload: T } | { ok: false; message: string; fields: string[] };

export function failure(
  message: string,
  fields: string[],
): { ok: false; message: string; fields: string[] } {
  return { ok: false, message, fields };
}

/** The first issue's message (the one shown), and every field that has an issue (the ones marked). */
export function fromZodError(error: z.ZodError): { ok: false; message: string; fields: string[] } {
  const fields = [...new Set(error.issues.map((issue) => String(issue.path[0] ?? '')))];
  return failure(error.issues[0]?.message ?? 'Проверьте поля формы', fields.filter(Boolean));
}
