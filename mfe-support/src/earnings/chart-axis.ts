/** Width of the chart's value axis and its side margins (px), as EarningsCharts draws them. */
const AXIS_AND_MARGINS_PX = 56 + 8;
/** About how wide one character of an 11 px tick label is (px). */
const CHAR_PX = 6.4;

export type AxisLabelLayout = {
  /** Tick angle in degrees: 0 level, -40 slanted. */
  angle: number;
  /** Height of the axis band (px) that holds the labels. */
  height: number;
  /** Longest label shown whole; a longer one is cut and ends in "…" (0: none cut). */
  maxChars: number;
};

/**
 * How a bar chart's category axis writes `labels` in a chart `widthPx` wide (issue 38 item 7: the store
 * names ran together at 412 px): level while the longest label fits its bar's slot, else slanted by 40°
 * with the labels cut to 14 characters, so no two labels overlap. The full names stay in the table.
 */
export function axisLabelLayout(labels: readonly string[], widthPx: number): AxisLabelLayout {
  if (labels.length === 0 || widthPx <= 0) return { angle: 0, height: 40, maxChars: 0 };
  const slotPx = (widthPx - AXIS_AND_MARGINS_PX) / labels.length;
  const longest = Math.max(...labels.map((l) => l.length));
  if (longest * CHAR_PX + 6 <= slotPx) return { angle: 0, height: 40, maxChars: 0 };
  return { angle: -40, height: 84, maxChars: 14 };
}

/** A tick label cut to `maxChars` characters ("Amazon Music Unl…"); whole when `maxChars` is 0. */
export function cutLabel(label: string, maxChars: number): string {
  return maxChars > 0 && label.length > maxChars ? `${label.slice(0, maxChars - 1)}…` : label;
}
