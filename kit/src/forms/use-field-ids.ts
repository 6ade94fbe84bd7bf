import { useId } from 'react';

/** Ids tying a control to its label and error line. An explicit `id` wins. */
export function useFieldIds(name: string, id?: string): { controlId: string; errorId: string } {
  const generated = useId();
  const controlId = id ?? `${name}-${generated}`;
  return { controlId, errorId: `${controlId}-error` };
}
