import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { useFormik } from 'formik';
import { Button, Card, DataTable, MonthPickerField, PageHeader, Pagination, SectionTitle, SelectField, Stack, fieldError, notify, theme, useEndpointMutation, useEndpointPage, type DataTableColumn } from '@portal/kit';
import { STORES, SUPPORT_ENDPOINTS as E, SUPPORT_LIMITS, SUPPORT_UI, type ReportRow, type RequestReportDto } from '@portal/contracts';
import { fill, formatMonth } from '../support-common/format';
import { ListFallback } from '../support-common/ListFallback';
import { StatusBadge } from '../support-common/StatusBadge';
import { currentMonthInput, reportFormErrors, reportPayload, type ReportFormValues } from './report-form';

const U = SUPPORT_UI.reports;
const STORE_OPTIONS = STORES.map((s) => ({ value: s.name, label: s.name }));

const FormGrid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1.3fr) minmax(0, 1fr) minmax(0, 1fr) auto;
  gap: 0 16px;
  align-items: start;
  > button { margin-top: 26px; }
  @media (max-width: 900px) {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    > :first-child { grid-column: 1 / -1; }
    > button { grid-column: 1 / -1; margin-top: 0; justify-self: start; }
  }
  @media (max-width: 560px) { grid-template-columns: minmax(0, 1fr); }
`;
const RedNote = styled.p`
  margin: 4px 0 0;
  color: ${theme.colors.danger};
  font-size: ${theme.font.size.sm};
  font-weight: 600;
`;
const Download = styled.a`
  color: ${theme.colors.accent};
  font-weight: 600;
  white-space: nowrap;
`;

/**
 * /reports (areas §2 "Reports", §5): store select, Start Month and End Month pickers (year and month;
 * the kit's read-only MonthPickerField, shown as MMM/yyyy, no month after the current one),
 * "Request Report", the red delay note, and "Previously Requested" (No., Report For, Start Date, End
 * Date as MMM/yyyy, PENDING or RECEIVED, a CSV link once received; "No Report Found.").
 */
export function ReportsPage() {
  const [page, setPage] = useState(1);
  const limit = SUPPORT_LIMITS.reportPageSize;
  const list = useEndpointPage(E.getRequestedReports, { query: { limit, offset: (page - 1) * limit } });
  const maxMonth = currentMonthInput();
  // A request reloads the list, every page of it (docs/decisions/025).
  const requestReport = useEndpointMutation(E.requestReport, { invalidates: [E.getRequestedReports] });

  const formik = useFormik<ReportFormValues>({
    initialValues: { store: '', start_date: '', end_date: '' },
    validate: (values) => reportFormErrors(values),
    onSubmit: async (values, helpers) => {
      try {
        // Formik submits only once reportFormErrors found nothing: the payload is the schema's whole shape.
        const answer = await requestReport.mutateAsync({ body: reportPayload(values) as RequestReportDto });
        notify.success(answer.message);
        helpers.resetForm();
        setPage(1);
      } catch {
        // The kit showed the server's message.
      }
    },
  });
  const submit = async () => {
    const errors = await formik.validateForm();
    const first = Object.values(errors)[0];
    formik.setTouched({ store: true, start_date: true, end_date: true });
    if (first) notify.error(String(first));
    else void formik.submitForm();
  };

  const offset = (page - 1) * limit;
  const columns = useMemo<DataTableColumn<ReportRow>[]>(
    () => [
      { key: 'no', header: U.columns[0], width: 60, render: (_r, i) => offset + i + 1 },
      { key: 'store', header: U.columns[1], render: (r) => <strong>{r.store}</strong> },
      { key: 'start', header: U.columns[2], render: (r) => formatMonth(r.start_date) },
      { key: 'end', header: U.columns[3], render: (r) => formatMonth(r.end_date) },
      { key: 'status', header: U.columns[4], render: (r) => <StatusBadge $tone={r.status === 0 ? 'pending' : 'done'}>{r.status === 0 ? U.pending : U.received}</StatusBadge> },
      {
        key: 'file',
        header: U.columns[5],
        render: (r) =>
          r.has_file ? (
            <Download href={r.download_url} aria-label={fill(U.downloadFor, { store: r.store })} download>
              {U.download}
            </Download>
          ) : (
            '—'
          ),
      },
    ],
    [offset],
  );

  return (
    <>
      <PageHeader title={U.title} />
      <Stack $gap={20}>
        <Card>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <FormGrid>
              <SelectField label={U.store} name="store" placeholder={U.storePlaceholder} options={STORE_OPTIONS} value={formik.values.store} onChange={formik.handleChange} onBlur={formik.handleBlur} error={fieldError(formik, 'store')} required />
              {(['start_date', 'end_date'] as const).map((field) => (
                <MonthPickerField
                  key={field}
                  label={field === 'start_date' ? U.start : U.end}
                  name={field}
                  max={maxMonth}
                  displayFormat={U.monthPicker.displayFormat}
                  placeholder={U.monthPicker.placeholder}
                  labels={U.monthPicker}
                  value={formik.values[field]}
                  onChange={(month) => void formik.setFieldValue(field, month)}
                  onBlur={() => void formik.setFieldTouched(field, true)}
                  error={fieldError(formik, field)}
                  required
                />
              ))}
              <Button type="submit" busy={formik.isSubmitting}>
                {U.request}
              </Button>
            </FormGrid>
            <RedNote>{U.delayNote}</RedNote>
          </form>
        </Card>
        <Stack $gap={10}>
          <SectionTitle>{U.previous}</SectionTitle>
          <DataTable<ReportRow>
            caption={U.previous}
            columns={columns}
            rows={list.rows}
            rowKey={(r) => r.report_id}
            loading={list.loading}
            empty={<ListFallback failed={list.failed} empty={U.empty} onRetry={list.reload} />}
          />
          <Pagination page={page} total={list.total} pageSize={limit} onChange={setPage} />
        </Stack>
      </Stack>
    </>
  );
}

export default ReportsPage;
