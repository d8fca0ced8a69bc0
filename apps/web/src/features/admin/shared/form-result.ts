import { toast } from '@/lib/toast';
import type { z } from 'zod';
import { errorText } from '@/lib/api-client';

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

export interface SaveTexts {
  added: string;
  updated: string;
  addFailed: string;
  updateFailed: string;
}

/**
 * The save step every admin form shares: a refused form marks its fields and says why; otherwise the
 * entity is created or updated, with SPEC's 'Успешно' toast, or the server's reason in an error toast.
 * Returns true once saved.
 */
export async function saveFormResult<T>(options: {
  result: FormResult<T>;
  markInvalid: (fields: string[], message: string) => void;
  editing: boolean;
  save: (payload: T) => Promise<unknown>;
  texts: SaveTexts;
}): Promise<boolean> {
  const { result, editing, texts } = options;
  if (!result.ok) {
    options.markInvalid(result.fields, result.message);
    toast.error('Ошибка', { description: result.message });
    return false;
  }
  try {
    await options.save(result.payload);
    toast.success('Успешно', { description: editing ? texts.updated : texts.added });
    return true;
  } catch (error) {
    toast.error('Ошибка', {
      description: errorText(error, editing ? texts.updateFailed : texts.addFailed),
    });
    return false;
  }
}
