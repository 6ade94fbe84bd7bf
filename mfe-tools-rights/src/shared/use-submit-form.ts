import { useState, type FormEvent } from 'react';
import { useFormik, type FormikValues } from 'formik';
import type { AnyObjectSchema } from 'yup';
import { RIGHTS_DESK_ENDPOINTS, TOOLS_MESSAGES, type EndpointDef } from '@portal/contracts';
import { type EndpointRef, type FieldErrors, notify, useEndpointMutation } from '@portal/kit';
import { firstFieldError, validateWith } from './first-error';

export type SubmitForm<V extends FormikValues> = {
  formik: ReturnType<typeof useFormik<V>>;
  submitting: boolean;
  onSubmit(event: FormEvent): void;
  /** A field's shown error: once touched or after a submit attempt. */
  errorOf(name: keyof V & string): string | undefined;
  /** Props for a kit text, textarea or select field bound to `name`. */
  bind(name: keyof V & string): { name: string; value: string; onChange: (e: { target: { value: string } }) => void; onBlur: () => void; error?: string };
};

/**
 * A tools or rights form (areas §2, §4, §5, §8): formik values checked with the contracts schema on
 * the payload the API receives; a failed submit toasts the first failing field's message (the API's
 * first message); success toasts "Submission successful.", clears the form and calls `onDone` (the
 * history's first page). The submission is a mutation of the kit's data layer (docs/decisions/025)
 * that asks again every page of `history` (the form's own list) and the staff's rights desk. A server
 * refusal is toasted by the kit client.
 */
export function useSubmitForm<V extends FormikValues, Req>(options: {
  initialValues: V;
  schema: AnyObjectSchema;
  endpoint: EndpointDef<Req, unknown>;
  toPayload(values: V): Req;
  /** The list of this form's submissions (its history endpoint). */
  history: EndpointRef;
  onDone(): void;
}): SubmitForm<V> {
  const { initialValues, schema, endpoint, toPayload, history, onDone } = options;
  const [submitting, setSubmitting] = useState(false);
  const submit = useEndpointMutation(endpoint, { invalidates: [history, RIGHTS_DESK_ENDPOINTS.rightsRequests] });
  const formik = useFormik<V>({
    initialValues,
    validateOnMount: false,
    validate: (values) => validateWith(schema, toPayload(values)),
    onSubmit: () => undefined,
  });
  const errors = formik.errors as FieldErrors;
  const errorOf = (name: keyof V & string) => (formik.touched[name] || formik.submitCount > 0 ? errors[name] : undefined);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void (async () => {
      formik.setTouched(Object.fromEntries(Object.keys(initialValues).map((k) => [k, true])) as never, false);
      await formik.submitForm();
      const found = (await formik.validateForm()) as FieldErrors;
      if (Object.keys(found).length > 0) {
        notify.error(firstFieldError(schema, found));
        return;
      }
      setSubmitting(true);
      try {
        const answer = await submit.mutateAsync({ body: toPayload(formik.values) });
        notify.success(answer.message || TOOLS_MESSAGES.submitted);
        formik.resetForm({ values: initialValues });
        onDone();
      } catch {
        // The kit client has toasted the server's message.
      } finally {
        setSubmitting(false);
      }
    })();
  };

  const bind = (name: keyof V & string) => ({
    name,
    value: String(formik.values[name] ?? ''),
    onChange: (e: { target: { value: string } }) => void formik.setFieldValue(name, e.target.value),
    onBlur: () => void formik.setFieldTouched(name, true),
    error: errorOf(name),
  });
  return { formik, submitting, onSubmit, errorOf, bind };
}
