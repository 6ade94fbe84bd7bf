import { AUTH_LIMITS } from './auth.limits';
import { AUTH_TEXT, fillText } from './auth.messages';

/**
 * Query parameters of an invitation link `/signup?name=<invitee>&from=<inviter>` (core §2 /signup:
 * `name` prefills the Name field; docs/decisions/017: the inviter travels in its own parameter so the
 * Welcome banner names the person who invited, not the invitee).
 */
export const INVITE_QUERY = { invitee: 'name', inviter: 'from' } as const;

/** The names an invitation link carries: trimmed, runs of spaces folded, cut to the Name limit; null when absent or blank. */
export type InviteNames = { invitee: string | null; inviter: string | null };

const clean = (value: string | null | undefined): string | null => {
  const text = (value ?? '').replace(/\s+/g, ' ').trim().slice(0, AUTH_LIMITS.nameMax);
  return text.length > 0 ? text : null;
};

/** The query of an invitation link: `inviteQuery('Ravi', 'Asha')` → `{ name: 'Ravi', from: 'Asha' }`. */
export function inviteQuery(invitee: string, inviter: string): Record<string, string> {
  const out: Record<string, string> = {};
  const a = clean(invitee);
  const b = clean(inviter);
  if (a) out[INVITE_QUERY.invitee] = a;
  if (b) out[INVITE_QUERY.inviter] = b;
  return out;
}

/** Reads `?name=` and `?from=` of /signup; both are only ever rendered as text. */
export function readInvite(search: URLSearchParams): InviteNames {
  return { invitee: clean(search.get(INVITE_QUERY.invitee)), inviter: clean(search.get(INVITE_QUERY.inviter)) };
}

/**
 * The Welcome banner's text for an invitation (core §2 /signup), or null when the link names nobody:
 * with the inviter, "Welcome, Ravi! Asha invited you…" (or "Welcome! Asha invited you…" without a name);
 * a link typed by hand with only `?name=` greets that person without claiming who invited them.
 */
export function welcomeBannerText({ invitee, inviter }: InviteNames): string | null {
  if (inviter && invitee) return fillText(AUTH_TEXT.welcomeBannerNamed, { name: invitee, inviter });
  if (inviter) return fillText(AUTH_TEXT.welcomeBanner, { inviter });
  if (invitee) return fillText(AUTH_TEXT.welcomeBannerInvitee, { name: invitee });
  return null;
}
