/**
 * Name of the first field, in the given order, that has a validation error. Forms list their fields in
 * the order of core §5 (signup: name, email, phone, address, password, then the checkboxes), so focus
 * lands where the checks would stop first.
 */
export function firstErrorField<F extends string>(order: readonly F[], errors: Partial<Record<F, unknown>>): F | undefined {
  return order.find((field) => Boolean(errors[field]));
}

/** Moves focus to the element of `form` named `field` (used after a failed submit). */
export function focusField(form: HTMLFormElement | null, field: string | undefined): void {
  if (!form || !field) return;
  const element = form.elements.namedItem(field);
  if (element instanceof HTMLElement) element.focus();
}
