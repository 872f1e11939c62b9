import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { GENERIC_ERROR_MESSAGE, zodIssuesToDetails, type ErrorCode } from '#shared/errors';
import { ApiError } from './api-error';

export type FieldErrors = Record<string, string>;

/** What a failed call says to the person: a message chosen for its code, else the API's own. */
export type ErrorMessages = Partial<Record<ErrorCode, string>>;

export const NETWORK_ERROR_MESSAGE = 'We could not reach Stepcast. Check your connection and try again.';

/**
 * The message of a failed call. Decided by the error's code, never its text: a code the form
 * names gets the form's message; other API errors carry a message written for people (the one
 * error shape); an unexpected failure gets the generic one.
 */
export function errorMessage(error: unknown, messages: ErrorMessages = {}): string {
  if (error instanceof ApiError) {
    if (error.code && messages[error.code]) return messages[error.code]!;
    if (error.code && error.code !== 'internal' && error.status < 500) return error.message;
    return GENERIC_ERROR_MESSAGE;
  }
  if (error instanceof TypeError) return NETWORK_ERROR_MESSAGE;
  return GENERIC_ERROR_MESSAGE;
}

/** The field errors of a 422 answer (`details` keyed by field), if it has any. */
export function serverFieldErrors(error: unknown): FieldErrors | undefined {
  if (error instanceof ApiError && error.code === 'validation_failed' && error.details) {
    const fields = Object.fromEntries(Object.entries(error.details).filter(([key]) => key !== ''));
    return Object.keys(fields).length > 0 ? fields : undefined;
  }
  return undefined;
}

/** A form's named controls as a plain object: checkboxes as booleans, the rest as strings. */
export function readForm(form: HTMLFormElement): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement)) continue;
    if (!element.name || element.disabled) continue;
    values[element.name] = element instanceof HTMLInputElement && element.type === 'checkbox' ? element.checked : element.value;
  }
  return values;
}

export type ParseResult<T> = { success: true; data: T } | { success: false; errors: FieldErrors };

/** Validates values with a schema (the same one the API parses with) into field messages. */
export function parseValues<S extends z.ZodType>(schema: S, values: unknown): ParseResult<z.output<S>> {
  const result = schema.safeParse(values);
  return result.success ? { success: true, data: result.data } : { success: false, errors: zodIssuesToDetails(result.error.issues) };
}

function formElement(id: string): HTMLFormElement | undefined {
  const element = document.getElementById(id);
  return element instanceof HTMLFormElement ? element : undefined;
}

/**
 * A form validated by a zod schema on submit. Field errors go beside their fields (and focus
 * moves to the first one), a failure of the whole form to `formError`; editing a field clears
 * its error. The form is found by its id (`formId`): a submit button outside it (a dialog's
 * footer) names the same id.
 */
export function useZodForm<S extends z.ZodType>(schema: S) {
  const formId = useId();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    if (focusRequest === 0) return;
    formElement(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest, formId]);

  const showFieldErrors = useCallback((next: FieldErrors) => {
    setErrors(next);
    setFocusRequest((n) => n + 1);
  }, []);

  const handleSubmit = (onValid: (data: z.output<S>, form: HTMLFormElement) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const result = parseValues(schema, readForm(form));
    if (!result.success) {
      setFormError(undefined);
      showFieldErrors(result.errors);
      return;
    }
    setErrors({});
    setFormError(undefined);
    onValid(result.data, form);
  };

  /** Shows a failed call: the API's field errors beside their fields, anything else for the form. */
  const showServerError = (error: unknown, messages?: ErrorMessages) => {
    const fields = serverFieldErrors(error);
    if (fields) showFieldErrors(fields);
    else setFormError(errorMessage(error, messages));
  };

  /** Props for a field: its name, its error, and clearing that error when edited. */
  const field = (name: string) => ({
    name,
    error: errors[name],
    onChange: () => {
      if (errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest);
    },
  });

  const reset = () => {
    setErrors({});
    setFormError(undefined);
    formElement(formId)?.reset();
  };

  return { formId, errors, formError, setFormError, showFieldErrors, showServerError, handleSubmit, field, reset };
}
