import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { ApiError, Button, Card, CheckboxField, ConfirmDialog, DataTable, Pagination, Row, SectionTitle, SelectField, Stack, TextField, notify, theme, uploadToEndpoint, useEndpointMutation, useEndpointPage, type DataTableColumn } from '@portal/kit';
import {
  centsToUsd,
  fillMessage,
  microsToUsd,
  OPS_UI,
  ROYALTY_ENDPOINTS as E,
  ROYALTY_LIMITS as L,
  ROYALTY_MESSAGES,
  ROYALTY_UI,
  STAFF_DESK_MESSAGES,
  STATEMENT_DISCARDABLE,
  STATEMENT_FIELD_LABELS,
  STATEMENT_FIELDS,
  type StatementField,
  type StatementImportRow,
  type StatementUpload,
  type UnmatchedCodeRow,
} from '@portal/contracts';
import { useConsoleAction } from '../common/use-console-action';

const U = ROYALTY_UI.desk;
const FIELD_OPTIONS = [{ value: '', label: U.ignored }, ...STATEMENT_FIELDS.map((f) => ({ value: f, label: STATEMENT_FIELD_LABELS[f] }))];

const Scroll = styled.div`
  overflow-x: auto;
  max-width: 100%;
`;
const Preview = styled.table`
  border-collapse: collapse;
  font-size: ${theme.font.size.sm};
  th, td { border: 1px solid ${theme.colors.border}; padding: 4px 6px; white-space: nowrap; text-align: left; vertical-align: top; }
  select { min-width: 120px; }
`;
const LinkInput = styled.input`
  width: 96px;
  padding: 6px 8px;
  border: 1px solid ${theme.colors.border};
  border-radius: 6px;
  font: inherit;
`;
const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 0 16px;
  @media (max-width: 640px) { grid-template-columns: minmax(0, 1fr); }
`;

const FileError = styled.p`
  margin: 0;
  color: ${theme.colors.danger};
  font-size: ${theme.font.size.sm};
`;

/** Bytes of a chosen file read to tell text from binary (the API's TEXT_SNIFF_BYTES). */
const SNIFF_BYTES = 8192;

/**
 * Why a chosen statement file is refused before upload (issue 38 item 9), or '': empty (0 bytes:
 * "This file is empty."), or binary by the API's rule (a NUL byte, or more than 4 / 1 % control bytes
 * in the first 8 KB: "The statement must be a CSV or TSV text file.").
 */
export async function statementFileRefusal(file: Blob): Promise<string> {
  if (file.size === 0) return STAFF_DESK_MESSAGES.fileEmpty;
  const head = new Uint8Array(await readHead(file.slice(0, SNIFF_BYTES)));
  let control = 0;
  for (const b of head) {
    if (b === 0) return ROYALTY_MESSAGES.fileNotText;
    if ((b >= 0x01 && b <= 0x08) || (b >= 0x0e && b <= 0x1f && b !== 0x1b)) control += 1;
  }
  return control > Math.max(4, Math.floor(head.length / 100)) ? ROYALTY_MESSAGES.fileNotText : '';
}

/** A blob's bytes (Blob.arrayBuffer where the browser has it, else a FileReader). */
function readHead(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsArrayBuffer(blob);
  });
}

/**
 * The statements desk (docs/decisions/019-money-engine.md), finance: upload a statement (CSV/TSV),
 * preview its first 20 rows, pick a preset or map each column (saved as a named preset on request),
 * set month, source, rate to USD and estimated/confirmed, start the import (a background job), follow
 * its progress, confirm or roll it back, discard an upload never applied, and link unmatched rows (by
 * ISRC/UPC) to a track.
 */
export function StatementsPage() {
  const [page, setPage] = useState(1);
  const [unmatchedPage, setUnmatchedPage] = useState(1);
  const imports = useEndpointPage(E.statementImports, { query: { page, limit: L.pageSize } });
  const unmatched = useEndpointPage(E.unmatchedCodes, { query: { page: unmatchedPage, limit: L.pageSize } });
  const presets = useEndpointPage(E.statementPresets, {});
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const [upload, setUpload] = useState<StatementUpload | null>(null);
  const [format, setFormat] = useState('');
  const [columns, setColumns] = useState<Record<number, StatementField | ''>>({});
  const [form, setForm] = useState({ month: new Date().toISOString().slice(0, 7), source: '', rate: '', save_as: '', confirmed: true });
  const [links, setLinks] = useState<Record<string, string>>({});
  const [rollback, setRollback] = useState<StatementImportRow | null>(null);
  const [discard, setDiscard] = useState<StatementImportRow | null>(null);
  // A new key empties the file input once an import has started.
  const [fileKey, setFileKey] = useState(0);
  // Each change reloads the lists it touches here and the artists' earnings (docs/decisions/025); the
  // unmatched codes follow an import's end state (below).
  const earnings = [E.getEarnings, E.getEarningLines];
  const startImport = useEndpointMutation(E.statementStart, { invalidates: [E.statementImports, E.statementPresets] });
  const confirmImport = useEndpointMutation(E.statementConfirm, { invalidates: [E.statementImports, ...earnings] });
  const linkCode = useEndpointMutation(E.linkUnmatched, { invalidates: [E.unmatchedCodes, E.statementImports, ...earnings] });
  const rollbackImport = useEndpointMutation(E.statementRollback, { invalidates: [E.statementImports, ...earnings] });
  const discardImport = useEndpointMutation(E.statementDiscard, { invalidates: [E.statementImports] });
  const { busy, run } = useConsoleAction();

  // Progress: while an import is queued or running, the list refreshes every 2 s.
  const active = imports.rows.some((r) => r.status === 'queued' || r.status === 'running');
  const reloadImports = imports.reload;
  const reloadUnmatched = unmatched.reload;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => void reloadImports(), 2000);
    return () => clearInterval(timer);
  }, [active, reloadImports]);
  // Each import that reaches an end state (applied, failed, rolled back...) changes the unmatched rows.
  // Keyed on those states, not on `active`: a small import can finish before the list ever shows it running.
  const finished = imports.rows
    .filter((r) => r.status !== 'queued' && r.status !== 'running')
    .map((r) => `${r.import_id}:${r.status}`)
    .join(',');
  const seenFinished = useRef<string | null>(null);
  useEffect(() => {
    if (imports.loading || seenFinished.current === finished) return;
    // The first answer needs no reload: the unmatched list was fetched alongside it.
    if (seenFinished.current !== null) reloadUnmatched();
    seenFinished.current = finished;
  }, [finished, imports.loading, reloadUnmatched]);

  const uploadFile = async () => {
    if (!file) return;
    setFileError('');
    // Refused here at once, before any byte is sent (the API refuses them too).
    const refusal = await statementFileRefusal(file);
    if (refusal) {
      setFileError(refusal);
      return;
    }
    try {
      const answer = await uploadToEndpoint(E.statementUpload, file);
      notify.success(answer.message);
      setUpload(answer.body ?? null);
      setFormat(answer.body?.suggested_format || 'generic');
      setColumns({});
    } catch (e) {
      // The kit showed the server's message as a toast; it stays under the field until the next file.
      if (e instanceof ApiError) setFileError(e.message);
    }
  };

  const start = async () => {
    if (!upload) return;
    const mapping: Partial<Record<StatementField, string>> = {};
    for (const [i, field] of Object.entries(columns)) if (field) mapping[field] = upload.header[Number(i)];
    await run(
      () => startImport.mutateAsync({ body: { import_id: upload.import_id, format, mapping: format === 'generic' ? mapping : undefined, ...form, save_as: format === 'generic' ? form.save_as : '' } }),
      () => {
        setUpload(null);
        setFile(null);
        setFileKey((k) => k + 1);
      },
    );
  };

  const importColumns: DataTableColumn<StatementImportRow>[] = [
    { key: 'id', header: U.importColumns[0], render: (r) => r.import_id },
    { key: 'file', header: U.importColumns[1], render: (r) => r.file_name },
    { key: 'month', header: U.importColumns[2], render: (r) => r.month },
    { key: 'source', header: U.importColumns[3], render: (r) => `${r.source}${r.confirmed ? '' : ` (${U.estimated})`}` },
    { key: 'status', header: U.importColumns[4], render: (r) => (r.error ? `${r.status}: ${r.error}` : r.status) },
    { key: 'rows', header: U.importColumns[5], render: (r) => r.rows_read.toLocaleString('en-US') },
    { key: 'matched', header: U.importColumns[6], render: (r) => r.rows_matched.toLocaleString('en-US') },
    { key: 'unmatched', header: U.importColumns[7], render: (r) => r.rows_unmatched.toLocaleString('en-US') },
    { key: 'amount', header: U.importColumns[8], render: (r) => microsToUsd(r.matched_micros) },
    { key: 'credited', header: U.importColumns[9], render: (r) => centsToUsd(r.credited_cents) },
    {
      key: 'x',
      header: U.importColumns[10],
      render: (r) =>
        r.status === 'applied' ? (
          <Row $gap={4}>
            {!r.confirmed && (
              <Button variant="text" onClick={() => void run(() => confirmImport.mutateAsync({ body: { import_id: r.import_id } }))}>
                {U.confirm}
              </Button>
            )}
            <Button variant="text" onClick={() => setRollback(r)}>
              {U.rollback}
            </Button>
          </Row>
        ) : STATEMENT_DISCARDABLE.includes(r.status) ? (
          // Never applied (uploaded, or failed): discarding deletes the file; the same file may be uploaded again (decision 031).
          <Button variant="text" onClick={() => setDiscard(r)}>
            {U.discard}
          </Button>
        ) : null,
    },
  ];
  const codeOf = (r: UnmatchedCodeRow) => r.isrc || r.upc;
  const unmatchedColumns: DataTableColumn<UnmatchedCodeRow>[] = [
    { key: 'isrc', header: U.unmatchedColumns[0], render: (r) => r.isrc || '—' },
    { key: 'upc', header: U.unmatchedColumns[1], render: (r) => r.upc || '—' },
    { key: 'names', header: U.unmatchedColumns[2], render: (r) => [r.track, r.release, r.artist].filter(Boolean).join(' / ') || '—' },
    { key: 'rows', header: U.unmatchedColumns[3], render: (r) => r.rows },
    { key: 'amount', header: U.unmatchedColumns[4], render: (r) => microsToUsd(r.amount_micros) },
    {
      key: 'link',
      header: U.unmatchedColumns[5],
      render: (r) => (
        <span style={{ display: 'inline-flex', gap: 4, alignItems: 'center', whiteSpace: 'nowrap' }}>
          <LinkInput aria-label={`${U.trackId} ${codeOf(r)}`} name={`link-${codeOf(r)}`} inputMode="numeric" placeholder={U.trackId} value={links[codeOf(r)] ?? ''} onChange={(e) => setLinks({ ...links, [codeOf(r)]: e.target.value })} />
          <Button
            variant="text"
            disabled={!/^\d+$/.test(links[codeOf(r)] ?? '')}
            onClick={() =>
              void run(
                () => linkCode.mutateAsync({ body: { code_kind: r.isrc ? 'isrc' : 'upc', code: codeOf(r), track_id: Number(links[codeOf(r)]) } }),
              )
            }
          >
            {U.link}
          </Button>
        </span>
      ),
    },
  ];

  return (
    <Stack $gap={16}>
      <Card>
        <Stack $gap={12}>
          <label>
            {U.upload}
            <input
              key={fileKey}
              type="file"
              accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values"
              aria-invalid={fileError ? true : undefined}
              aria-describedby={fileError ? 'statement-file-error' : undefined}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setFileError('');
              }}
              style={{ display: 'block', marginTop: 6 }}
            />
          </label>
          {fileError && (
            <FileError id="statement-file-error" role="alert">
              {fileError}
            </FileError>
          )}
          <div>
            <Button type="button" disabled={!file} onClick={() => void uploadFile()}>
              {U.uploadButton}
            </Button>
          </div>
          {upload && (
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void start();
              }}
            >
              <Stack $gap={12}>
                <SelectField
                  label={U.format}
                  name="format"
                  options={[...presets.rows.map((p) => ({ value: p.name, label: p.label })), { value: 'generic', label: U.generic }]}
                  value={format}
                  onChange={(e) => setFormat(e.target.value)}
                />
                <SectionTitle>{U.preview}</SectionTitle>
                <Scroll tabIndex={0} role="region" aria-label={U.preview}>
                  <Preview>
                    <thead>
                      <tr>
                        {upload.header.map((h, i) => (
                          <th key={i} scope="col">
                            {h}
                            {format === 'generic' && (
                              <select aria-label={`${h}: ${U.format}`} value={columns[i] ?? ''} onChange={(e) => setColumns({ ...columns, [i]: e.target.value as StatementField | '' })} style={{ display: 'block' }}>
                                {FIELD_OPTIONS.map((o) => (
                                  <option key={o.value} value={o.value}>
                                    {o.label}
                                  </option>
                                ))}
                              </select>
                            )}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {upload.rows.map((r, i) => (
                        <tr key={i}>
                          {upload.header.map((_, k) => (
                            <td key={k}>{r[k] ?? ''}</td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </Preview>
                </Scroll>
                <Grid>
                  <TextField label={U.month} name="month" type="month" value={form.month} onChange={(e) => setForm({ ...form, month: e.target.value })} required />
                  <TextField label={U.source} name="source" value={form.source} onChange={(e) => setForm({ ...form, source: e.target.value })} required />
                  <TextField label={U.rate} name="rate" inputMode="decimal" value={form.rate} onChange={(e) => setForm({ ...form, rate: e.target.value })} />
                  {format === 'generic' && <TextField label={U.saveAs} name="save_as" value={form.save_as} onChange={(e) => setForm({ ...form, save_as: e.target.value })} />}
                </Grid>
                <CheckboxField label={U.confirmed} name="confirmed" checked={form.confirmed} onChange={(e) => setForm({ ...form, confirmed: e.target.checked })} />
                <div>
                  <Button type="submit" busy={busy}>
                    {U.start}
                  </Button>
                </div>
              </Stack>
            </form>
          )}
        </Stack>
      </Card>
      <Card>
        <SectionTitle>{U.imports}</SectionTitle>
        <DataTable columns={importColumns} rows={imports.rows} rowKey={(r) => r.import_id} loading={imports.loading} empty={U.noImports} caption={U.imports} />
        {/* Shown past one page only: the kit's Pagination has one fixed label, and two on a screen are one landmark twice. */}
        {imports.total > L.pageSize && <Pagination page={page} total={imports.total} pageSize={L.pageSize} onChange={setPage} />}
      </Card>
      <Card>
        <SectionTitle>{U.unmatched}</SectionTitle>
        <DataTable columns={unmatchedColumns} rows={unmatched.rows} rowKey={(r) => `${r.isrc}|${r.upc}`} loading={unmatched.loading} empty={U.noUnmatched} caption={U.unmatched} />
        {unmatched.total > L.pageSize && <Pagination page={unmatchedPage} total={unmatched.total} pageSize={L.pageSize} onChange={setUnmatchedPage} />}
      </Card>
      <ConfirmDialog
        open={rollback !== null}
        title={OPS_UI.desk.heading}
        message={rollback ? fillMessage(U.rollbackConfirm, { id: rollback.import_id }) : ''}
        busy={busy}
        onConfirm={() =>
          void run(
            () => rollbackImport.mutateAsync({ body: { import_id: rollback!.import_id } }),
            undefined,
            () => setRollback(null),
          )
        }
        onCancel={() => setRollback(null)}
      />
      <ConfirmDialog
        open={discard !== null}
        title={OPS_UI.desk.heading}
        message={discard ? fillMessage(U.discardConfirm, { id: discard.import_id }) : ''}
        busy={busy}
        onConfirm={() =>
          void run(
            () => discardImport.mutateAsync({ body: { import_id: discard!.import_id } }),
            () => {
              // The preview of the discarded upload cannot be started any more.
              if (upload?.import_id === discard!.import_id) setUpload(null);
            },
            () => setDiscard(null),
          )
        }
        onCancel={() => setDiscard(null)}
      />
    </Stack>
  );
}
