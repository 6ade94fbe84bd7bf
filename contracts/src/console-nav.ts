/**
 * The operations console's navigation (docs/decisions/040-console-navigation.md): its desks, each with
 * its own URL under /ops, grouped as the shell's drawer shows them on /ops; the old `?view=` URLs and
 * where they now lead; and the one endpoint that answers, per queue the caller's roles open, how much
 * work waits and how old its oldest item is. Data only (no react-router, no yup): the route table
 * (routes/portal-routes.ts), read by the shell's entry chunk, lists the console's paths from here.
 */
import { defineRoute } from './common/endpoint';
import type { StaffRole } from './ops/ops.texts';

/** The queues the console home counts (each a desk's work waiting). */
export const CONSOLE_QUEUES = ['review', 'videos', 'deliveries', 'statements', 'payouts', 'reports', 'holds', 'support', 'rights', 'jobs'] as const;
export type ConsoleQueueId = (typeof CONSOLE_QUEUES)[number];

export type ConsoleDeskId =
  | 'review'
  | 'videos'
  | 'deliveries'
  | 'statements'
  | 'payouts'
  | 'reports'
  | 'holds'
  | 'support'
  | 'rights'
  | 'users'
  | 'staff'
  | 'platform'
  | 'remotes'
  | 'jobs'
  | 'delivery-targets'
  | 'content'
  | 'promotions'
  | 'audit'
  | 'health';

/**
 * One desk of the console: its URL, its drawer label (also the top bar's title), the role it needs
 * (admin holds every role; the server checks again) and the queue whose count its drawer entry shows.
 */
export type ConsoleDesk = { id: ConsoleDeskId; path: string; label: string; role: StaffRole; queue?: ConsoleQueueId };
export type ConsoleGroupId = 'releases' | 'money' | 'desks' | 'people' | 'platform';
export type ConsoleGroup = { id: ConsoleGroupId; label: string; desks: readonly ConsoleDesk[] };

/** The console's home: the queues the caller's roles open, with their counts and oldest ages. */
export const CONSOLE_HOME_PATH = '/ops';

const desk = (id: ConsoleDeskId, label: string, role: StaffRole, queue?: ConsoleQueueId): ConsoleDesk => ({ id, path: `/ops/${id}`, label, role, ...(queue ? { queue } : {}) });

/**
 * The drawer's groups on /ops, in order (issue 38 item 12: releases and video review, delivery; statements,
 * payouts, reports, holds; support and rights desks; users and staff; platform). A new desk joins its
 * group here and mfe-ops's OpsPage SCREENS together.
 */
export const CONSOLE_GROUPS: readonly ConsoleGroup[] = [
  { id: 'releases', label: 'Releases', desks: [desk('review', 'Release review', 'reviewer', 'review'), desk('videos', 'Video review', 'reviewer', 'videos'), desk('deliveries', 'Deliveries', 'reviewer', 'deliveries')] },
  { id: 'money', label: 'Money', desks: [desk('statements', 'Statements', 'finance', 'statements'), desk('payouts', 'Payouts', 'finance', 'payouts'), desk('reports', 'Reports', 'finance', 'reports'), desk('holds', 'Holds', 'finance', 'holds')] },
  { id: 'desks', label: 'Support and rights', desks: [desk('support', 'Support desk', 'support', 'support'), desk('rights', 'Tools and rights', 'support', 'rights')] },
  { id: 'people', label: 'Users and staff', desks: [desk('users', 'Users', 'support'), desk('staff', 'Staff', 'admin')] },
  {
    id: 'platform',
    label: 'Platform',
    desks: [
      desk('platform', 'Away mode', 'admin'),
      desk('remotes', 'Remote versions', 'admin'),
      desk('jobs', 'Failed jobs', 'admin', 'jobs'),
      desk('delivery-targets', 'Delivery targets', 'admin'),
      desk('content', 'Content', 'admin'),
      desk('promotions', 'Promotions', 'admin'),
      desk('audit', 'Audit', 'admin'),
      desk('health', 'Health', 'admin'),
    ],
  },
];

/** Every desk, in drawer order. */
export const CONSOLE_DESKS: readonly ConsoleDesk[] = CONSOLE_GROUPS.flatMap((g) => g.desks);

const holds = (held: readonly string[], needed: StaffRole) => held.includes('admin') || held.includes(needed);

/** The groups and desks `roles` open (a group without an open desk is left out). */
export function consoleGroupsFor(roles: readonly string[]): ConsoleGroup[] {
  return CONSOLE_GROUPS.map((g) => ({ ...g, desks: g.desks.filter((d) => holds(roles, d.role)) })).filter((g) => g.desks.length > 0);
}

/** The desk whose URL `pathname` is or lies under (`/ops/review/12` → review), if any. */
export function consoleDeskOf(pathname: string): ConsoleDesk | undefined {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  return CONSOLE_DESKS.find((d) => path === d.path || path.startsWith(`${d.path}/`));
}

/** Whether `pathname` is inside the console (/ops and below): the drawer is then the console's navigation. */
export const isConsolePath = (pathname: string): boolean => /^\/ops(\/|$)/i.test(pathname);

/**
 * Where an old console URL (the tab strip's `?view=` URLs, before decision 040) now leads, or undefined
 * when `pathname` + `search` is not one. `/ops/desk` showed the support and the payout desk together:
 * it leads to the support desk for support staff, else to the payouts.
 */
export function legacyConsolePath(pathname: string, search: string, roles: readonly string[]): string | undefined {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  const view = new URLSearchParams(search).get('view') ?? '';
  if (path === '/ops/desk') {
    if (view === 'statements') return '/ops/statements';
    if (view === 'rights') return '/ops/rights';
    return holds(roles, 'support') ? '/ops/support' : '/ops/payouts';
  }
  const byView: Record<string, Record<string, string>> = {
    '/ops/users': { staff: '/ops/staff' },
    '/ops/platform': { remotes: '/ops/remotes', delivery: '/ops/delivery-targets', jobs: '/ops/jobs' },
    '/ops/content': { promotions: '/ops/promotions' },
  };
  return byView[path]?.[view];
}

/** The console's paths the route table serves (all with mfe_ops's OpsPage), and their top bar titles. */
export const CONSOLE_ROUTES: ReadonlyArray<{ path: string; title: string }> = [
  { path: CONSOLE_HOME_PATH, title: 'Operations' },
  ...CONSOLE_DESKS.map((d) => ({ path: d.path, title: d.label })),
  { path: '/ops/review/:id', title: 'Release Review' },
  // The old desk URL (before decision 040): OpsPage sends it to the new one.
  { path: '/ops/desk', title: 'Operations' },
];

/** One queue of the console home: the work waiting and its oldest item (null when nothing waits). */
export type ConsoleQueue = {
  queue: ConsoleQueueId;
  /** Items waiting (releases in review, open tickets, requested payouts…). */
  count: number;
  /** When the oldest waiting item entered the queue (ISO 8601, UTC), null when none waits. */
  oldest_at: string | null;
  /** Whole minutes since `oldest_at`, null when none waits. */
  oldest_age_minutes: number | null;
};

/** GET ops/console/home: the caller's queues (only those their roles open) and whether the account also works as an artist. */
export type ConsoleHome = {
  queues: ConsoleQueue[];
  /** The account has releases, video releases or earnings of its own: the shell then keeps a way back to the artist portal. */
  artist_use: boolean;
};

export const CONSOLE_NAV_ENDPOINTS = {
  consoleHome: defineRoute<void, ConsoleHome, 'GET'>({ method: 'GET', path: 'ops/console/home', access: 'staff', tag: 'ops' }),
} as const;

/** The envelope's message of CONSOLE_NAV_ENDPOINTS. */
export const CONSOLE_NAV_MESSAGES = { home: 'Work waiting in your queues.' } as const;

/** How often (ms) the drawer and the home ask for the counts again while on screen. */
export const CONSOLE_COUNTS_REFRESH_MS = 30_000;

/** Texts of the console's navigation and home. */
export const CONSOLE_NAV_UI = {
  /** The drawer's navigation landmark on /ops. */
  navLabel: 'Operations',
  home: 'Console home',
  homeHeading: 'Work waiting',
  homeIntro: 'The queues of your roles, with the age of the item that has waited longest.',
  artistPortal: 'Artist portal',
  columns: { queue: 'Queue', waiting: 'Waiting', oldest: 'Oldest item' },
  /** Read after a drawer entry's count: "Release review, 3 waiting". */
  waiting: '{count} waiting',
  nothingWaiting: 'Nothing waiting',
  queues: {
    review: 'Releases waiting for review',
    videos: 'Video releases waiting for review',
    deliveries: 'Deliveries that failed or were refused',
    statements: 'Statement files to import or fix',
    payouts: 'Payout requests to pay',
    reports: 'Report requests to fulfil',
    holds: 'Holds waiting for a decision',
    support: 'Open support tickets',
    rights: 'Tools and rights requests to decide',
    jobs: 'Failed background jobs',
  } satisfies Record<ConsoleQueueId, string>,
  loadFailed: 'The queues could not be loaded.',
} as const;

/** An age in whole minutes as the console shows it: "under a minute", "12 min", "5 h", "3 d". */
export function formatQueueAge(minutes: number): string {
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h`;
  return `${Math.floor(minutes / (24 * 60))} d`;
}
