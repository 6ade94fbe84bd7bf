import styled from 'styled-components';
import { theme } from '../theme/theme';
import { pageCount, pageWindow } from './page-window';

export type PaginationProps = {
  /** 1-based current page. */
  page: number;
  total: number;
  pageSize: number;
  onChange(page: number): void;
  /** Accessible name of the navigation landmark; give each of several paginations on one screen its own. */
  label?: string;
};

const Nav = styled.nav`
  display: flex;
  justify-content: flex-end;
  margin-top: 16px;
  ul { display: flex; flex-wrap: wrap; gap: 4px; list-style: none; margin: 0; padding: 0; }
`;

const PageButton = styled.button<{ $current?: boolean }>`
  min-width: 34px;
  height: 34px;
  padding: 0 8px;
  border: 1px solid ${({ $current }) => ($current ? theme.colors.accent : theme.colors.border)};
  border-radius: ${theme.radii.sm};
  background: ${({ $current }) => ($current ? theme.colors.accent : theme.colors.surface)};
  color: ${({ $current }) => ($current ? '#fff' : theme.colors.text)};
  font-weight: ${({ $current }) => ($current ? 700 : 500)};
  cursor: pointer;
  &:hover:not(:disabled) { border-color: ${theme.colors.accent}; }
  &:disabled { opacity: 0.45; cursor: not-allowed; }
`;

const Gap = styled.span`
  display: inline-flex;
  align-items: flex-end;
  height: 34px;
  padding: 0 4px;
  color: ${theme.colors.textMuted};
`;

/** Page buttons with first / previous / next / last (areas §2). Renders nothing when `total` is 0. */
export function Pagination({ page, total, pageSize, onChange, label = 'Pagination' }: PaginationProps) {
  if (total <= 0) return null;
  const pages = pageCount(total, pageSize);
  const go = (target: number) => {
    const next = Math.min(pages, Math.max(1, target));
    if (next !== page) onChange(next);
  };
  return (
    <Nav aria-label={label}>
      <ul>
        <li>
          <PageButton type="button" aria-label="First page" disabled={page <= 1} onClick={() => go(1)}>
            «
          </PageButton>
        </li>
        <li>
          <PageButton type="button" aria-label="Previous page" disabled={page <= 1} onClick={() => go(page - 1)}>
            ‹
          </PageButton>
        </li>
        {pageWindow(page, pages).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`}>
              <Gap aria-hidden="true">…</Gap>
            </li>
          ) : (
            <li key={item}>
              <PageButton
                type="button"
                $current={item === page}
                aria-current={item === page ? 'page' : undefined}
                aria-label={`Page ${item}`}
                onClick={() => go(item)}
              >
                {item}
              </PageButton>
            </li>
          ),
        )}
        <li>
          <PageButton type="button" aria-label="Next page" disabled={page >= pages} onClick={() => go(page + 1)}>
            ›
          </PageButton>
        </li>
        <li>
          <PageButton type="button" aria-label="Last page" disabled={page >= pages} onClick={() => go(pages)}>
            »
          </PageButton>
        </li>
      </ul>
    </Nav>
  );
}
