import type { ValueTransformer } from 'typeorm';

/** MySQL answers DECIMAL and BIGINT as strings; the wire wants numbers. */
export const numeric: ValueTransformer = {
  to: (v: number | null | undefined) => v,
  from: (v: string | number | null) => (v === null || v === undefined ? v : Number(v)),
};
