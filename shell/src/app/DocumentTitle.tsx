import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { titleOf } from '../routing/route-table';

export const PRODUCT_NAME = 'Artist Portal';

/** Keeps the browser tab's title in step with the route table. */
export function DocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = `${titleOf(pathname)} · ${PRODUCT_NAME}`;
  }, [pathname]);
  return null;
}
