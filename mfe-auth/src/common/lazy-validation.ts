import { validateYupSchema, yupToFormErrors, type FormikErrors, type FormikValues } from 'formik';
import type { Schema } from 'yup';
import { isValidationError } from '@portal/kit';

/**
 * A Formik `validate` that loads its yup schema on first use (its own chunk) and then validates as
 * `validationSchema` would (Formik's own `validateYupSchema`: empty strings count as missing, every
 * error at once). `prefetch()` starts the load early (on the person's first interaction), so the first
 * blur does not wait. Keeps yup out of a page's first load (docs/decisions/010, issue 40 §2).
 * Errors: a load failure rejects the validation (Formik reports it), a rule's failure is a field error.
 */
export function lazyYupValidation<V extends FormikValues>(load: () => Promise<Schema>): { validate(values: V): Promise<FormikErrors<V>>; prefetch(): void } {
  let schema: Promise<Schema> | undefined;
  const get = () => (schema ??= load().catch((e: unknown) => {
    schema = undefined; // a failed chunk load is tried again at the next validation
    throw e;
  }));
  return {
    async validate(values) {
      const s = await get();
      try {
        await validateYupSchema(values, s);
        return {};
      } catch (e) {
        if (isValidationError(e)) return yupToFormErrors(e) as FormikErrors<V>;
        throw e;
      }
    },
    prefetch() {
      void get().catch(() => undefined);
    },
  };
}
