/**
 * Royalty statements, splits and earnings (docs/decisions/019-money-engine.md): limits, the canonical
 * statement fields, the import presets of the shapes distributors send (../shared/statements/README.md)
 * and every message text the API answers and the screens show.
 */

/** Canonical fields a statement column can be mapped to (the generic mapping of the import preview). */
export const STATEMENT_FIELDS = ['sale_month', 'reporting_date', 'store', 'country', 'upc', 'isrc', 'quantity', 'amount', 'currency', 'sale_type', 'artist', 'release', 'track', 'flag'] as const;
export type StatementField = (typeof STATEMENT_FIELDS)[number];

/** Labels of the fields in the mapping preview (the choices of each column's select, "Ignored" besides). */
export const STATEMENT_FIELD_LABELS: Record<StatementField, string> = {
  sale_month: 'Sale month',
  reporting_date: 'Reporting date',
  store: 'Store',
  country: 'Country',
  upc: 'UPC',
  isrc: 'ISRC',
  quantity: 'Quantity',
  amount: 'Amount',
  currency: 'Currency',
  sale_type: 'Sale type',
  artist: 'Artist',
  release: 'Release',
  track: 'Track',
  /** A statement's own mark of a row (suspected fraud, adjustment): such rows are held (docs/decisions/039). */
  flag: 'Store flag (fraud, adjustment)',
};

/**
 * A column mapping: each canonical field to the header names that may carry it (first non-empty cell
 * wins, so TuneCore's "UPC" falls back to "Optional UPC"). `currency` may instead be fixed for the
 * whole file (`fixed_currency`: DistroKid's "Earnings (USD)").
 */
export type StatementMapping = Partial<Record<StatementField, string[]>>;
export type StatementPresetDef = { name: string; label: string; delimiter: 'auto'; mapping: StatementMapping; fixed_currency?: string; builtin: boolean };

/** Delimiters a statement file may use; the import detects which one from the header line (docs/decisions/031). */
export const STATEMENT_DELIMITERS = [',', '\t', ';', '|'] as const;
export type StatementDelimiter = (typeof STATEMENT_DELIMITERS)[number];

/**
 * The built-in presets (names fixed by the issue: distrokid, tunecore, cdbaby, believe); headers as in the
 * statements README. No preset is tied to a delimiter (`auto`): one partner's export comes comma-, tab- or
 * semicolon-separated depending on the download and the spreadsheet it passed through, so the import
 * detects it from the file (docs/decisions/031).
 */
export const STATEMENT_PRESETS: readonly StatementPresetDef[] = [
  {
    name: 'distrokid',
    label: 'DistroKid (Bank → See Excruciating Detail)',
    delimiter: 'auto',
    builtin: true,
    fixed_currency: 'USD',
    mapping: {
      reporting_date: ['Reporting Date'],
      sale_month: ['Sale Month'],
      store: ['Store'],
      artist: ['Artist'],
      track: ['Title'],
      isrc: ['ISRC'],
      upc: ['UPC'],
      quantity: ['Quantity'],
      sale_type: ['Song/Album'],
      country: ['Country of Sale'],
      amount: ['Earnings (USD)'],
    },
  },
  {
    name: 'tunecore',
    label: 'TuneCore',
    delimiter: 'auto',
    builtin: true,
    mapping: {
      sale_month: ['Sales Period'],
      reporting_date: ['Posted Date'],
      store: ['Store Name'],
      country: ['Country Of Sale'],
      artist: ['Artist'],
      release: ['Release Title'],
      track: ['Song Title'],
      upc: ['UPC', 'Optional UPC'],
      isrc: ['Optional ISRC'],
      sale_type: ['Sales Type'],
      quantity: ['# Units Sold'],
      amount: ['Total Earned'],
      currency: ['Currency'],
    },
  },
  {
    name: 'cdbaby',
    label: 'CD Baby',
    delimiter: 'auto',
    builtin: true,
    fixed_currency: 'USD',
    mapping: {
      reporting_date: ['Report Date'],
      sale_month: ['Sales Date'],
      quantity: ['Quantity'],
      amount: ['Subtotal'],
      isrc: ['Isrc'],
      upc: ['Barcode'],
      release: ['Album Name'],
      artist: ['Artist Name'],
      track: ['Track Name'],
      store: ['Partner Name'],
      sale_type: ['Transaction Type'],
      country: ['Delivery Country'],
    },
  },
  {
    name: 'believe',
    label: 'Believe',
    delimiter: 'auto',
    builtin: true,
    mapping: {
      sale_month: ['Sales Month'],
      store: ['Platform'],
      country: ['Country / Region'],
      artist: ['Artist Name'],
      release: ['Release title'],
      track: ['Track title'],
      upc: ['UPC'],
      isrc: ['ISRC'],
      sale_type: ['Sales Type'],
      quantity: ['Quantity'],
      currency: ['Client Payment Currency'],
      amount: ['Net Revenue'],
    },
  },
];

/**
 * Import states: uploaded (waiting for its mapping) → queued → running → applied | failed; applied →
 * rolled_back; uploaded | failed → discarded (file deleted). Only an applied import claims its file's
 * SHA-256 (docs/decisions/031).
 */
export const STATEMENT_IMPORT_STATUSES = ['uploaded', 'queued', 'running', 'applied', 'failed', 'rolled_back', 'discarded'] as const;
export type StatementImportStatus = (typeof STATEMENT_IMPORT_STATUSES)[number];
/** States an import may be discarded from: nothing of it reached the ledger. */
export const STATEMENT_DISCARDABLE: readonly StatementImportStatus[] = ['uploaded', 'failed'];

export const ROYALTY_LIMITS = {
  /** Rows shown by the mapping preview. */
  previewRows: 20,
  /** Rows written per transaction while importing. */
  batchRows: 1000,
  /** Largest statement file accepted by the console upload, bytes (2 GiB). */
  maxFileBytes: 2 * 1024 * 1024 * 1024,
  sourceMax: 100,
  presetNameMax: 40,
  /** Collaborators per track (the owner keeps the rest). */
  maxCollaborators: 10,
  /** 1 USD in the credits' unit (micro-USD). */
  microsPerUsd: 1_000_000,
  /** Micro-USD in one ledger cent. */
  microsPerCent: 10_000,
  pageSize: 20,
  maxPageSize: 100,
} as const;

export const ROYALTY_MESSAGES = {
  uploaded: 'Statement uploaded. Check the columns and start the import.',
  fileMissing: 'Choose a statement file (CSV or TSV).',
  fileTooLarge: 'The statement file is larger than 2 GB.',
  fileNotText: 'The statement must be a CSV or TSV text file.',
  fileOneOnly: 'Upload one statement file at a time.',
  fileIncomplete: 'The statement upload did not complete. Please try again.',
  duplicateFile: 'This statement file was already imported (same SHA-256 as import #{id}).',
  importNotFound: 'Statement import not found.',
  importNotStartable: 'This import was already started.',
  discarded: 'Import #{id} discarded: its file was deleted; the same file can be uploaded again.',
  discardNotAllowed: 'Import #{id} is {status}: only an upload that was never applied (uploaded or failed) can be discarded.',
  formatUnknown: 'Choose a preset or map the columns.',
  presetNameInvalid: 'A preset name is 1 to 40 letters, digits, dashes or underscores and not a built-in name.',
  mappingNeedsAmount: 'Map a column to Amount.',
  mappingNeedsCode: 'Map a column to ISRC or UPC.',
  mappingColumnUnknown: 'The mapping names a column the file does not have: {column}.',
  headerMismatch: 'The file’s header does not match the {preset} preset: missing {columns}.',
  monthInvalid: 'The month must be YYYY-MM.',
  rateInvalid: 'The rate to USD must be a positive decimal number.',
  rateRequired: 'This statement is in {currency}: enter its rate to USD.',
  mixedCurrencies: 'Row {row} is in {currency}, the statement in {first}: import one currency per file.',
  amountInvalid: 'Row {row}: the amount "{value}" is not a number.',
  sourceRequired: 'Name the statement’s source (store or aggregator).',
  started: 'Import #{id} queued.',
  imports: 'Statement imports.',
  rolledBack: 'Import #{id} rolled back.',
  rollbackRefused: 'Import #{id} cannot be rolled back: a payout was requested after its credits (#{payout}).',
  rollbackNotApplied: 'Only an applied import can be rolled back.',
  confirmed: 'Import #{id} confirmed: its credits now count toward the withdrawable balance.',
  alreadyConfirmed: 'Import #{id} is already confirmed.',
  unmatched: 'Unmatched statement rows.',
  linked: '{rows} rows linked to the track, {amount} USD credited.',
  nothingToLink: 'No unmatched rows carry this code.',
  trackNotFound: 'Track not found.',
  presets: 'Statement presets.',
  earnings: 'Earnings.',
  earningLines: 'Earning lines.',
  splits: 'Splits.',
  splitsSaved: 'Splits saved.',
  splitsTooMuch: 'The shares add up to more than 100%.',
  splitPercentInvalid: 'A share is a percentage above 0 and at most 100, with at most two decimals.',
  splitEmailInvalid: 'Enter a valid e-mail address for each collaborator.',
  splitSelf: 'You keep the rest of the earnings yourself: do not add your own e-mail.',
  splitDuplicate: 'Each collaborator appears once.',
  splitTooMany: 'At most 10 collaborators share a track.',
  splitNotFound: 'Split invitation not found.',
  splitAnswered: 'This split invitation was already answered.',
  splitAccepted: 'Split accepted: your share of this track’s earnings is credited to you from now on.',
  splitDeclined: 'Split declined.',
  splitInviteMailSubject: 'You were offered a share of a track’s earnings',
  splitInviteMailText: 'Hello,\n\n{owner} shares {percent}% of the earnings of "{track}" with you. Log in (or sign up at {link}) with this e-mail address and accept it under Earnings.\n',
  splitInviteNotification: '{owner} offered you {percent}% of the earnings of "{track}". Accept it under Earnings.',
  creditNotification: 'Royalties of {amount} USD from a {month} statement were credited.',
  reportFulfilled: 'Report #{id} built from the ledger ({rows} rows).',
  reportNotPending: 'Report #{id} was already received.',
  reportRowForeign: 'Row {row} carries a code ({code}) that is not one of this artist’s releases or tracks.',
} as const;

/** Micro-USD as a USD text with two decimals, rounded half away from zero: 1234567 → "1.23". */
export function microsToUsd(micros: number): string {
  const sign = micros < 0 ? '-' : '';
  const cents = Math.round(Math.abs(micros) / ROYALTY_LIMITS.microsPerCent);
  return `${sign}${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Whether `text` is a month written YYYY-MM (01-12). */
export const isMonth = (text: string): boolean => /^\d{4}-(0[1-9]|1[0-2])$/.test(text);

/** Texts of the earnings screen (/earnings) and the statements desk (console), decision 019. */
export const ROYALTY_UI = {
  earnings: {
    title: 'Earnings',
    from: 'From month',
    to: 'To month',
    apply: 'Show',
    balance: 'Withdrawable balance',
    confirmed: 'Confirmed',
    estimated: 'Estimated',
    estimatedNote: 'Estimated figures come from early store trends; only confirmed earnings can be withdrawn.',
    held: 'Held',
    heldNote: 'Held money is not in these totals until finance releases it (see “Held and debited money” below).',
    lineHeld: 'Held',
    lineForfeited: 'Forfeited',
    byMonth: 'By sale month',
    byStore: 'By store',
    byCountry: 'By country',
    byRelease: 'By release',
    byTrack: 'By track',
    showTable: 'Show the figures as a table',
    hideTable: 'Hide the table',
    columns: { label: 'Name', confirmed: 'Confirmed (USD)', estimated: 'Estimated (USD)', quantity: 'Units' },
    lines: 'Ledger lines',
    lineColumns: ['Sale month', 'Store', 'Country', 'Track', 'Release', 'Units', 'Amount (USD)', 'Status', 'Statement'],
    split: 'split',
    empty: 'No earnings in these months yet.',
    loadFailed: 'The earnings could not be loaded.',
    retry: 'Retry',
    chartsLoading: 'Loading charts…',
  },
  splits: {
    title: 'Splits',
    intro: 'Share a track’s earnings with collaborators. Each collaborator accepts in their own account; you keep the rest. Splits are free.',
    track: 'Track',
    trackPlaceholder: 'Choose a track',
    email: 'Collaborator e-mail',
    percent: 'Share (%)',
    addRow: 'Add collaborator',
    removeRow: 'Remove',
    save: 'Save splits',
    ownerKeeps: 'You keep {percent}%.',
    noTracks: 'Your tracks appear here once a release is approved.',
    invitations: 'Shares offered to you',
    noInvitations: 'No shares offered to you.',
    accept: 'Accept',
    decline: 'Decline',
    columns: ['Track', 'Release', 'From', 'Share', 'Status', 'Actions'],
  },
  desk: {
    tab: 'Statements',
    upload: 'Statement file (CSV or TSV)',
    uploadButton: 'Upload',
    preview: 'Preview (first 20 rows)',
    format: 'Format',
    generic: 'Map the columns myself',
    ignored: 'Ignored',
    saveAs: 'Save this mapping as (optional)',
    month: 'Reporting month',
    source: 'Source (store or aggregator)',
    rate: 'Rate to USD (1 unit of the file’s currency in USD)',
    confirmed: 'Confirmed figures (count toward the withdrawable balance)',
    start: 'Start import',
    imports: 'Imports',
    importColumns: ['#', 'File', 'Month', 'Source', 'Status', 'Rows', 'Matched', 'Unmatched', 'Amount (USD)', 'Credited (USD)', 'Actions'],
    rollback: 'Roll back',
    discard: 'Discard',
    discardConfirm: 'Discard upload #{id}? Its file is deleted; the same file can be uploaded again.',
    confirm: 'Confirm',
    rollbackConfirm: 'Roll back import #{id}? Its credits leave every artist’s ledger.',
    unmatched: 'Unmatched rows',
    unmatchedColumns: ['ISRC', 'UPC', 'Track / release in the file', 'Rows', 'Amount (USD)', 'Link to track id'],
    link: 'Link',
    trackId: 'Track id',
    noImports: 'No statements imported yet.',
    noUnmatched: 'Every row matched a track.',
    estimated: 'estimated',
  },
} as const;
