import { schemaErrors } from '@portal/kit';
import { requestReportSchema, type RequestReportDto } from '@portal/contracts';

/** The Reports form as typed: store name and months as the month pickers give them ("YYYY-MM" or ""). */
export type ReportFormValues = { store: string; start_date: string; end_date: string };

/** "2025-03" → epoch ms of 1 March 2025 00:00 UTC (the wire's month, areas §3); "" or junk → undefined. */
export function monthInputToEpoch(value: string): number | undefined {
  const m = /^(\d{4})-(\d{2})$/.exec(value.trim());
  if (!m) return undefined;
  const month = Number(m[2]);
  return month >= 1 && month <= 12 ? Date.UTC(Number(m[1]), month - 1, 1) : undefined;
}

/** The requestReport payload of the form. */
export function reportPayload(values: ReportFormValues): Partial<RequestReportDto> {
  return { store: values.store, start_date: monthInputToEpoch(values.start_date), end_date: monthInputToEpoch(values.end_date) };
}

/** Errors of the form per field, from the schema the API uses (areas §5 "Reports"; months in the future refused). */
export function reportFormErrors(values: ReportFormValues, now = Date.now()) {
  return schemaErrors(requestReportSchema, reportPayload(values), { now });
}

/** Latest month the picker offers ("YYYY-MM" of the current month). */
export function currentMonthInput(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}
