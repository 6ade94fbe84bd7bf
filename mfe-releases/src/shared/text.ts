import { fillMessage } from '@portal/contracts';

/** Fills `{name}` placeholders of a RELEASE_UI text. */
export const t = (text: string, values: Record<string, string | number>): string => fillMessage(text, values);
