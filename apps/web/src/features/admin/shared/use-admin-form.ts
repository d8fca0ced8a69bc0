import { useLayoutEffect } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import { fieldAria } from '@/components/ui/form-field';
import { saveFormResult, type FormResult, type SaveTexts } from './form-result';

/** A create or an update mutation, as far as a form dialog uses it. */
interface Saving<Input> {
  mutateAsync: (input: Input) => Promise<unknown>;
  isPending: boolean;
}

/**
 * The plumbing every admin add/edit dialog shares: the form, reset to the edited entity (or empty)
 * each time the dialog opens, and a submit that maps the values to the payload, marks the fields it
 * refuses, and creates or updates through saveFormResult. `onSaved` runs once it is saved.
 */
export function useAdminForm<Values extends FieldValues, Payload, Entity extends { id: number }>({
  open,
  editing,
  empty,
  toForm,
  toPayload,
  create,
  update,
  texts,
  onSaved,
}: {
  open: boolean;
  /** The entity being edited; null adds a new one. */
  editing: Entity | null;
  /** The form of a new entity: its defaults, and what it is reset to on opening. */
  empty: DefaultValues<Values> & Values;
  toForm: (entity: Entity) => Values;
  toPayload: (values: Values) => FormResult<Payload>;
  create: Saving<Payload>;
  update: Saving<{ id: number; input: Payload }>;
  texts: SaveTexts;
  onSaved: () => void;
}) {
  const form = useForm<Values>({ defaultValues: empty });
  const { handleSubmit, reset, setError, clearErrors } = form;

  // Reset before the opened dialog is painted, so nothing typed into it is wiped afterwards.
  useLayoutEffect(() => {
    if (open) reset(editing ? toForm(editing) : empty);
  }, [open, editing, reset, toForm, empty]);

  const onSubmit = handleSubmit(async (values) => {
    clearErrors();
    const saved = await saveFormResult({
      result: toPayload(values),
      markInvalid: (fields, message) => {
        for (const field of fields) setError(field as FieldPath<Values>, { message });
        setError('root', { message });
      },
      editing: editing !== null,
      save: (payload) =>
        editing
          ? update.mutateAsync({ id: editing.id, input: payload })
          : create.mutateAsync(payload),
      texts,
    });
    if (saved) onSaved();
  });

  return {
    form,
    onSubmit,
    busy: create.isPending || update.isPending,
    formError: form.formState.errors.root?.message,
  };
}

/**
 * A field's error and aria props in an admin form. A message shared by several fields is shown once
 * at the top (the form's root error); the fields it names only turn red.
 */
export function fieldMessages<Values extends FieldValues>(form: UseFormReturn<Values>) {
  const { formState, getFieldState } = form;
  const formError = formState.errors.root?.message;
  const err = (field: FieldPath<Values>) => {
    const message = getFieldState(field, formState).error?.message;
    return message === formError ? undefined : message;
  };
  const aria = (id: string, field: FieldPath<Values>, hint = false) =>
    fieldAria(id, err(field), hint, getFieldState(field, formState).invalid);
  return { formError, err, aria };
}
