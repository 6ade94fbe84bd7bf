import { useEffect, type RefObject } from 'react';
import { firstErrorField, focusField } from './focus-first-error';

type FormState<F extends string> = {
  submitCount: number;
  isSubmitting: boolean;
  errors: Partial<Record<F, unknown>>;
};

/**
 * When a submit attempt ends with validation errors, focus the first field with an error in the
 * form's field order, so keyboard and screen-reader users land on the problem. Formik validates after
 * counting the attempt, so this waits for `isSubmitting` to fall back to false.
 */
export function useFocusFirstError<F extends string>(
  formRef: RefObject<HTMLFormElement | null>,
  order: readonly F[],
  { submitCount, isSubmitting, errors }: FormState<F>,
): void {
  useEffect(() => {
    if (submitCount === 0 || isSubmitting) return;
    focusField(formRef.current, firstErrorField(order, errors));
    // Only the end of a submit attempt moves focus; typing must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the end of a submit attempt moves focus
  }, [submitCount, isSubmitting]);
}
