import { useCallback, useEffect, useId, useRef, useState, type UIEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { AUTH_ENDPOINTS, SHELL, SHELL_TEXT } from '@portal/contracts';
import { api, ApiError, formatDate, Loader, theme } from '@portal/kit';
import { Icon } from '../layout/icons';
import { IconButton } from '../layout/IconButton';
import { linkify, toNotificationView, type NotificationView } from './notification';

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
  const [hasNew, setHasNew] = useState(false);
  const [items, setItems] = useState<NotificationView[]>([]);
  const [loading, setLoading] = useState(false);
  const [done, setDone] = useState(false);
  const [stale, setStale] = useState(false);

  useEffect(() => {
    let stopped = false;
    const poll = () => {
      api.call(AUTH_ENDPOINTS.checkNotificationBell, {}, { silent: true }).then(
        (envelope) => {
          if (stopped) return;
          const fresh = Boolean(Number(envelope.notification_icon ?? 0));
          setHasNew(fresh);
          // A poll that sees new items refreshes a list already loaded (docs/decisions/017).
          if (fresh) setStale(true);
        },
        (error: unknown) => {
          if (isMissing(error) && timer) clearInterval(timer);
        },
      );
    };
    poll();
    // Read by poll's answers only, which arrive after this line ran.
    const timer = setInterval(poll, SHELL.notificationPollMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);

  const loadPage = useCallback(async (offset: number) => {
    setLoading(true);
    try {
      const envelope = await api.call(AUTH_ENDPOINTS.getNotificationsForUser, { query: { offset } }, { silent: true });
      const rows = Array.isArray(envelope.body) ? envelope.body : [];
      setItems((current) => [...(offset === 0 ? [] : current), ...rows.map(toNotificationView)]);
      setDone(rows.length < SHELL.notificationPageSize);
    } catch {
      setDone(true);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (!open) return;
    setHasNew(false);
    // Each opening shows the newest page (docs/decisions/017), not the list of the first opening.
    void loadPage(0);
    setStale(false);
  }, [open, loadPage]);

  // While the list is open, a poll that sees new items reloads it (a closed list reloads when opened:
  // reading the first page marks everything seen, so it is not read behind the artist's back).
  useEffect(() => {
    if (!stale || !open || loading) return;
    setStale(false);
    void loadPage(0);
  }, [stale, open, loading, loadPage]);

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

  const onScroll = (event: UIEvent<HTMLUListElement>) => {
    const list = event.currentTarget;
    if (loading || done) return;
    if (list.scrollHeight - list.scrollTop - list.clientHeight <= SHELL.notificationLoadMorePx) void loadPage(items.length);
  };

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
      {open && (
        <Panel id={panelId} role="region" aria-label="Notifications">
          <PanelHead>Notifications</PanelHead>
          {items.length === 0 && loading ? (
            <Loader />
          ) : items.length === 0 ? (
            <Empty>{SHELL_TEXT.noNotifications}</Empty>
          ) : (
            <List onScroll={onScroll}>
              {items.map((item) => (
                <Item key={item.key}>
                  <p>
                    {item.link && (
                      <Link to={item.link} className="notification-open" onClick={() => setOpen(false)}>
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
              {loading && (
                <li>
                  <Loader />
                </li>
              )}
            </List>
          )}
        </Panel>
      )}
    </Wrap>
  );
}
