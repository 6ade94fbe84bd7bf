import { ATTACHMENT_EXTENSIONS, SUPPORT_LIMITS, SUPPORT_MESSAGES as M } from '@portal/contracts';

/** What the browser knows of a picked file before sending it. */
export type PickedFile = { name: string; size: number };

/**
 * The browser's pre-check of picked files (areas §5 "Ticket creation"): at most 5 in all, an allowed
 * extension, at most 2 MB each. Answers the files to upload and the first refusal message (shown as a
 * toast), checked in that order. The server decides again on the bytes.
 */
export function checkPicked<T extends PickedFile>(alreadyAttached: number, picked: readonly T[]): { accepted: T[]; error: string | null } {
  if (alreadyAttached + picked.length > SUPPORT_LIMITS.attachmentsMax) return { accepted: [], error: M.tooManyAttachments };
  const accepted: T[] = [];
  let error: string | null = null;
  for (const file of picked) {
    const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
    if (!(ATTACHMENT_EXTENSIONS as readonly string[]).includes(ext)) error ??= M.attachmentType;
    else if (file.size > SUPPORT_LIMITS.attachmentMaxBytes) error ??= M.attachmentTooLarge;
    else accepted.push(file);
  }
  return { accepted, error };
}
