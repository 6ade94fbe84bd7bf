import { useState } from 'react';
import styled from 'styled-components';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Button, Card, Columns, SectionTitle, theme } from '@portal/kit';
import { ROYALTY_UI, type EarningsSummary, type EarningsTotal } from '@portal/contracts';
import { axisLabelLayout, cutLabel } from './chart-axis';
import { chartRows, usd } from './earnings-format';

const U = ROYALTY_UI.earnings;

const Wide = styled.div`
  grid-column: 1 / -1;
`;
const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${theme.font.size.sm};
  th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid ${theme.colors.border}; }
  td:not(:first-child), th:not(:first-child) { text-align: right; }
`;
const Scroll = styled.div`
  overflow-x: auto;
`;

/**
 * One chart with the data table behind it (docs/decisions/019): the bars are hidden from assistive
 * technology, the table ("Show the figures as a table") carries the same numbers for screen readers
 * and keyboard users, and is always in the accessibility tree as the figure's description.
 */
function ChartBlock({ title, totals, id }: { title: string; totals: readonly EarningsTotal[]; id: string }) {
  const [open, setOpen] = useState(false);
  const data = chartRows(totals);
  // The chart's width decides whether the names stand level or slanted (issue 38 item 7: at 412 px they ran together).
  const [width, setWidth] = useState(0);
  const axis = axisLabelLayout(data.map((d) => d.label), width);
  return (
    <Card>
      <figure style={{ margin: 0 }} aria-labelledby={`${id}-title`}>
        <SectionTitle as="figcaption" id={`${id}-title`}>
          {title}
        </SectionTitle>
        <div aria-hidden="true" style={{ width: '100%', height: 240 }}>
          <ResponsiveContainer width="100%" height="100%" onResize={(w) => setWidth(w)}>
            <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis
                dataKey="label"
                tick={{ fontSize: 11 }}
                interval={0}
                height={axis.height}
                angle={axis.angle}
                textAnchor={axis.angle ? 'end' : 'middle'}
                tickFormatter={(label: string) => cutLabel(label, axis.maxChars)}
              />
              <YAxis tick={{ fontSize: 11 }} width={56} />
              <Tooltip formatter={(v) => `$${Number(v).toFixed(2)}`} />
              <Legend />
              <Bar dataKey="confirmed" name={U.confirmed} stackId="a" fill={theme.colors.accent} isAnimationActive={false} />
              <Bar dataKey="estimated" name={U.estimated} stackId="a" fill="#f5a524" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
        <Button type="button" variant="text" aria-expanded={open} aria-controls={`${id}-table`} onClick={() => setOpen((o) => !o)}>
          {open ? U.hideTable : U.showTable}
        </Button>
        <Scroll id={`${id}-table`} hidden={!open} tabIndex={0} role="region" aria-label={title}>
          <Table>
            <caption style={{ textAlign: 'left', fontWeight: 600 }}>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{U.columns.label}</th>
                <th scope="col">{U.columns.confirmed}</th>
                <th scope="col">{U.columns.estimated}</th>
                <th scope="col">{U.columns.quantity}</th>
              </tr>
            </thead>
            <tbody>
              {totals.map((t) => (
                <tr key={t.key}>
                  <th scope="row" style={{ fontWeight: 400 }}>
                    {t.label}
                  </th>
                  <td>{usd(t.confirmed_micros)}</td>
                  <td>{usd(t.estimated_micros)}</td>
                  <td>{t.quantity.toLocaleString('en-US')}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Scroll>
      </figure>
    </Card>
  );
}

/**
 * The charts of the earnings screen. Its own chunk (React.lazy in EarningsPage), so recharts is
 * downloaded only on /earnings (docs/decisions/019).
 */
export default function EarningsCharts({ summary }: { summary: EarningsSummary }) {
  return (
    <Columns $stackBelow={900}>
      <Wide>
        <ChartBlock id="by-month" title={U.byMonth} totals={summary.by_month} />
      </Wide>
      <ChartBlock id="by-store" title={U.byStore} totals={summary.by_store} />
      <ChartBlock id="by-country" title={U.byCountry} totals={summary.by_country} />
      <ChartBlock id="by-release" title={U.byRelease} totals={summary.by_release} />
      <ChartBlock id="by-track" title={U.byTrack} totals={summary.by_track} />
    </Columns>
  );
}
