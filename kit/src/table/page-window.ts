/** Number of pages for `total` rows of `pageSize` (at least 1). */
export function pageCount(total: number, pageSize: number): number {
  if (pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * Page numbers to show around `page` (1-based): at most `size` numbers, with 'gap' markers where
 * pages are skipped, always including the first and last page.
 */
export function pageWindow(page: number, pages: number, size = 7): Array<number | 'gap'> {
  if (pages <= size) return Array.from({ length: pages }, (_, i) => i + 1);
  const inner = size - 4; // first, last and two gaps
  let start = Math.max(2, page - Math.floor(inner / 2));
  let end = start + inner - 1;
  if (end > pages - 1) {
    end = pages - 1;
    start = end - inner + 1;
  }
  const result: Array<number | 'gap'> = [1];
  if (start > 2) result.push('gap');
  else start = 2;
  for (let n = start; n <= end; n += 1) result.push(n);
  if (end < pages - 1) result.push('gap');
  result.push(pages);
  return result;
}
