/** Toast durations in milliseconds (core §8, §9). */
export const TOAST_MS = { default: 3000, afterOtp: 4000, afterSignup: 5000 } as const;
/** Shell timings and sizes (core §2, §4, §9). */
export const SHELL = {
  drawerWidthPx: 240,
  collapseUnderPx: 700,
  logoutRedirectMs: 1000,
  sessionOverRedirectMs: 500,
  notificationPageSize: 20,
  notificationPollMs: 60_000,
  notificationLoadMorePx: 70,
} as const;
/** Shell texts quoted by core §2. */
export const SHELL_TEXT = {
  logoutTitle: 'Confirm Logout',
  logoutQuestion: 'Are you sure you want to Logout?',
  noNotifications: 'No notification yet.',
  notificationTimeFormat: 'hh:mm A DD/MM/YYYY',
  /** Fallback of a remote that failed to load (shown for its routes only). */
  remoteUnavailable: 'This area is unavailable right now.',
  /** The layout's menu and top bar could not be loaded (shown in the top bar's place, with Retry). */
  menuUnavailable: 'The menu could not be loaded.',
  retry: 'Retry',
} as const;
/** Public marketing site the browser goes to after logout or when the session is over (core §2, §4). */
export const PUBLIC_SITE_PATH = '/login';
/** Date display format of the spec (DD/MM/yyyy). dayjs token. */
export const DATE_FORMAT = 'DD/MM/YYYY';
