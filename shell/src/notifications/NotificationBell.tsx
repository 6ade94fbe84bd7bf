import { useEffect, useId, useMemo, useRef, useState, type UIEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { AUTH_ENDPOINTS, SHELL, SHELL_TEXT } from '@portal/contracts';
import { ApiError, endpointKey, endpointScope, formatDate, Loader, theme, useEndpointPages, useEndpointQuery, useQueryClient } from '@portal/kit';
import { Icon } from '../layout/icons';
import { IconButton } from '../layout/IconButton';
import { linkify, toNotificationView } from './notification';

const Wrap = styled.div`
  position: relative;
`;

const Badge = styled.span`
  position: absolute;
  top: 4px;
  right: 2px;
  padding: 0 5px;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.danger};
  color: #fff;
  font-size: 10px;
  font-weight: 700;
  line-height: 15px;
  text-transform: lowercase;
  pointer-events: none;
`;

const Panel = styled.div`
  position: absolute;
  right: 0;
  top: calc(100% + 8px);
  width: min(360px, calc(100vw - 24px));
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  box-shadow: ${theme.shadows.popover};
  z-index: ${theme.zIndex.popover};
  overflow: hidden;
  @media (max-width: ${SHELL.collapseUnderPx - 0.02}px) {
    position: fixed;
    right: 12px;
    top: ${theme.layout.topBarHeightPx}px;
  }
`;

const PanelHead = styled.h2`
  font-size: ${theme.font.size.md};
  font-weight: 700;
  padding: 12px 16px;
  border-bottom: 1px solid ${theme.colors.border};
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  max-height: 360px;
  overflow-y: auto;
`;

const Item = styled.li`
  padding: 12px 16px;
  border-bottom: 1px solid ${theme.colors.border};
  &:last-child { border-bottom: 0; }
  p { margin: 0 0 4px; overflow-wrap: anywhere; }
  time { color: ${theme.colors.textMuted}; font-size: 12px; }
`;

const Empty = styled.p`
  margin: 0;
  padding: 28px 16px;
  text-align: center;
  color: ${theme.colors.textMuted};
`;

/** An endpoint that answers 404 is not deployed yet: stop asking it for this page's life. */
const isMissing = (error: unknown) => error instanceof ApiError && error.status === 404;

/** checkNotificationBell answers the badge at the envelope's top level: `notification_icon` 1 or 0. */
const hasNewIn = (envelope: object | undefined) => Boolean(Number((envelope as { notification_icon?: unknown } | undefined)?.notification_icon ?? 0));

/**
 * The "new" badge (core §2) through the data layer (docs/decisions/025): asked when the bell mounts,
 * every SHELL.notificationPollMs (60 s) and when the window regains focus; silent. A 404 (no
 * notifications API deployed) stops the polling.
 */
function useBellBadge(): boolean {
  const badge = useEndpointQuery(AUTH_ENDPOINTS.checkNotificationBell, {}, {
    silent: true,
    staleTime: 0,
    refetchInterval: (query) => (isMissing(query.state.error) ? false : SHELL.notificationPollMs),
    refetchOnWindowFocus: (query) => !isMissing(query.state.error),
  });
  return hasNewIn(badge.data);
}

/**
 * Notification bell (core §2): "new" badge polled every 60 s, dropdown of pages of 20 loading more
 * within 70 px of the bottom, "No notification yet." when empty, closes on an outside click or Esc.
 * Every call is silent: a missing notifications API leaves an empty, quiet bell.
 */
export function NotificationBell() {
  const panelId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const hasNew = useBellBadge();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent | TouchEvent) => {
      if (wrapRef.current && !wrapRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
    };
  }, [open]);

  return (
    <Wrap
      ref={wrapRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <IconButton
        ref={buttonRef}
        type="button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {/* Named by its content, so the visible "new" is part of the name: "Notifications new" (axe label-content-name-mismatch). */}
        <span className="visually-hidden">Notifications</span>
        <Icon name="bell" size={22} />
        {hasNew && <Badge>new</Badge>}
      </IconButton>
      {open && <NotificationPanel id={panelId} hasNew={hasNew} onNavigate={() => setOpen(false)} />}
    </Wrap>
  );
}

/**
 * The open dropdown: the newest page first (each opening starts from it, the pages are not kept once
 * the panel closes), the next page within SHELL.notificationLoadMorePx of the bottom. Reading the first
 * page marks every notification seen, so once it arrived the badge is asked again; a poll that sees new
 * items while the panel is open reloads the list (docs/decisions/017, 025).
 */
function NotificationPanel({ id, hasNew, onNavigate }: { id: string; hasNew: boolean; onNavigate(): void }) {
  const client = useQueryClient();
  const list = useEndpointPages(AUTH_ENDPOINTS.getNotificationsForUser, (offset) => ({ query: { offset } }), {
    pageSize: SHELL.notificationPageSize,
    silent: true,
    staleTime: 0,
    gcTime: 0,
  });
  const items = useMemo(() => list.rows.map(toNotificationView), [list.rows]);
  const { reload, loading } = list;

  // Mark read: reading the first page clears the server's badge. It goes at once on opening, and the
  // badge is asked again each time a list arrived (the server's answer, not this guess, then shows).
  useEffect(() => {
    const key = endpointKey(AUTH_ENDPOINTS.checkNotificationBell);
    client.setQueryData(key, (envelope: object | undefined) => (envelope ? { ...envelope, notification_icon: 0 } : envelope));
  }, [client]);
  useEffect(() => {
    if (!loading) void client.invalidateQueries({ queryKey: endpointScope(AUTH_ENDPOINTS.checkNotificationBell) });
  }, [client, loading, list.rows]);

  // New items while the list is open: read them again (which marks them seen in turn).
  useEffect(() => {
    if (hasNew && !loading) reload();
  }, [hasNew, loading, reload]);

  const onScroll = (event: UIEvent<HTMLUListElement>) => {
    const element = event.currentTarget;
    if (element.scrollHeight - element.scrollTop - element.clientHeight <= SHELL.notificationLoadMorePx) list.loadMore();
  };

  return (
    <Panel id={id} role="region" aria-label="Notifications">
      <PanelHead>Notifications</PanelHead>
      {items.length === 0 && list.loading ? (
        <Loader />
      ) : items.length === 0 ? (
        <Empty>{SHELL_TEXT.noNotifications}</Empty>
      ) : (
        <List onScroll={onScroll}>
          {items.map((item) => (
            <Item key={item.key}>
              <p>
                {item.link && (
                  <Link to={item.link} className="notification-open" onClick={onNavigate}>
                    {item.text}
                  </Link>
                )}
                {!item.link && linkify(item.text).map((part, i) =>
                  part.kind === 'link' ? (
                    <a key={i} href={part.value} target="_blank" rel="noopener noreferrer">
                      {part.value}
                    </a>
                  ) : (
                    <span key={i}>{part.value}</span>
                  ),
                )}
              </p>
              {item.time !== undefined && <time>{formatDate(item.time, SHELL_TEXT.notificationTimeFormat)}</time>}
            </Item>
          ))}
          {list.loading && (
            <li>
              <Loader />
            </li>
          )}
        </List>
      )}
    </Panel>
  );
}
