import styled from 'styled-components';
import { Button, Card, SectionTitle, Stack, theme, useEndpointFetch, useEndpointPage } from '@portal/kit';
import { centsToUsd, MONEY_TRUST_ENDPOINTS as MT, MONEY_TRUST_UI, type MonthlyStatementFile } from '@portal/contracts';
import { ListFallback } from '../../support-common/ListFallback';

const U = MONEY_TRUST_UI.statements;
const Row = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  padding: 8px 0;
  border-bottom: 1px solid ${theme.colors.border};
  strong { min-width: 80px; }
  span { color: ${theme.colors.textMuted}; flex: 1; min-width: 140px; }
`;
const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

/** Save a statement file the API answered (text or base64) through a Blob link clicked once. */
function save(file: MonthlyStatementFile): void {
  const bytes = file.encoding === 'base64' ? Uint8Array.from(atob(file.content), (c) => c.charCodeAt(0)) : new TextEncoder().encode(file.content);
  const url = URL.createObjectURL(new Blob([bytes], { type: file.content_type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.file_name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Monthly statements on /earnings (issue 35 §4, docs/decisions/039): one row per month with its closing
 * balance and PDF and CSV downloads (asked on click through the kit's data layer, saved from a Blob).
 */
export function StatementsSection() {
  const months = useEndpointPage(MT.getMonthlyStatements, {});
  const fetchFile = useEndpointFetch(MT.monthlyStatementFile);
  const download = async (month: string, format: 'pdf' | 'csv') => {
    try {
      const res = await fetchFile({ query: { month, format } });
      if (res.body) save(res.body);
    } catch {
      // The kit showed the server's message.
    }
  };
  return (
    <Stack $gap={10} data-testid="statements-section">
      <SectionTitle>{U.title}</SectionTitle>
      <Card>
        {months.rows.length === 0 ? (
          <ListFallback failed={months.failed} empty={U.empty} onRetry={months.reload} />
        ) : (
          <List>
            {months.rows.map((m) => (
              <Row key={m.month}>
                <strong>{m.month}</strong>
                <span>
                  {U.closing}: {m.closing_cents < 0 ? '-' : ''}${centsToUsd(Math.abs(m.closing_cents))}
                </span>
                <Button variant="secondary" aria-label={`${U.pdf} ${m.month}`} onClick={() => void download(m.month, 'pdf')}>
                  {U.pdf}
                </Button>
                <Button variant="secondary" aria-label={`${U.csv} ${m.month}`} onClick={() => void download(m.month, 'csv')}>
                  {U.csv}
                </Button>
              </Row>
            ))}
          </List>
        )}
      </Card>
    </Stack>
  );
}
