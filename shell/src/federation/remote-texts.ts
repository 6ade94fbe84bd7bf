import { SHELL_TEXT } from '@portal/contracts';

/** Texts of the remote fallback, from @portal/contracts (one source of truth). */
export const REMOTE_UNAVAILABLE_TEXT = SHELL_TEXT.remoteUnavailable;
export const RETRY_LABEL = SHELL_TEXT.retry;
