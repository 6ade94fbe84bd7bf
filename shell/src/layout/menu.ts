import { matchPath } from 'react-router-dom';
import type { IconName } from './icons';

/** A drawer link; `activeFor` lists the route patterns that highlight it. */
export type MenuLink = { kind: 'link'; label: string; to: string; icon: IconName; activeFor: readonly string[] };
export type MenuGroup = { kind: 'group'; id: string; label: string; icon: IconName; children: readonly MenuLink[] };
export type MenuExternal = { kind: 'external'; label: string; icon: IconName; href: 'webSeries' | 'faq' };
export type MenuItem = MenuLink | MenuGroup | MenuExternal;

const link = (label: string, to: string, icon: IconName, activeFor: readonly string[] = [to]): MenuLink => ({
  kind: 'link',
  label,
  to,
  icon,
  activeFor,
});

/** The drawer menu of core §2 (groups /rights, /tools, /marketing are only groupings, areas §2). Logout follows it. */
export const MENU: readonly MenuItem[] = [
  link('Dashboard', '/', 'dashboard'),
  link('Create Release', '/select_release', 'create', ['/select_release', '/create_releases', '/create_releases/:id', '/create_video_releases']),
  link('Catalog', '/catalog', 'catalog', ['/catalog', '/catalog/:id', '/video-catalog']),
  link('Reports', '/reports', 'reports'),
  link('Earnings', '/earnings', 'wallet'),
  link('Tickets', '/tickets', 'tickets', ['/tickets', '/tickets/:id']),
  link('Withdrawal', '/profile', 'wallet'),
  {
    kind: 'group',
    id: 'rights',
    label: 'Rights Manager',
    icon: 'rights',
    children: [link('UGC Claims', '/rights/ugc-claims', 'rights'), link('Whitelist', '/rights/whitelist', 'rights')],
  },
  {
    kind: 'group',
    id: 'tools',
    label: 'Tools',
    icon: 'tools',
    children: [link('Profile Linking', '/tools/profile-linking', 'tools'), link('Distribute Lyrics', '/tools/distribute-lyrics', 'tools')],
  },
  {
    kind: 'group',
    id: 'marketing',
    label: 'Marketing',
    icon: 'marketing',
    children: [
      link('Playlist Pitchment', '/marketing/playlist-pitchment', 'marketing'),
      link('Promotions', '/marketing/promotions', 'marketing'),
    ],
  },
  link('Invite', '/invite', 'invite'),
  { kind: 'external', label: 'Distribute Web Series', icon: 'series', href: 'webSeries' },
  { kind: 'external', label: 'FAQ', icon: 'faq', href: 'faq' },
];

/**
 * The operations console's link (docs/decisions/008), shown only to staff, before Logout, outside the
 * console; inside it (/ops) the drawer is the console's own navigation (docs/decisions/040).
 */
export const STAFF_MENU: readonly MenuItem[] = [link('Operations', '/ops', 'tools')];

export function isLinkActive(item: MenuLink, pathname: string): boolean {
  return item.activeFor.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}

export function isGroupActive(group: MenuGroup, pathname: string): boolean {
  return group.children.some((child) => isLinkActive(child, pathname));
}
