import type { StatementImportStatus, StatementMapping } from './royalties.texts';

/** Answer of a statement upload: the import row waiting for its mapping, and the preview (decision 019). */
export type StatementUpload = {
  import_id: number;
  file_name: string;
  sha256: string;
  /** ',', '\t' or ';' as detected from the header line. */
  delimiter: string;
  header: string[];
  /** The first ROYALTY_LIMITS.previewRows data rows, as text cells. */
  rows: string[][];
  /** The built-in preset whose columns the header carries, or ''. */
  suggested_format: string;
};

/** A statement import as the console lists it; amounts in micro-USD (1 USD = 1,000,000). */
export type StatementImportRow = {
  import_id: number;
  file_name: string;
  sha256: string;
  format: string;
  source: string;
  /** Reporting month YYYY-MM. */
  month: string;
  currency: string;
  /** Decimal text: USD per unit of the file's currency. */
  rate: string;
  confirmed: boolean;
  status: StatementImportStatus;
  rows_read: number;
  rows_matched: number;
  rows_unmatched: number;
  /** Matched amount in micro-USD. */
  matched_micros: number;
  /** Unmatched amount in micro-USD. */
  unmatched_micros: number;
  /** What the ledger received, cents (confirmed imports). */
  credited_cents: number;
  error: string;
  created_by: string;
  created_at: string;
  finished_at: string | null;
};

export type StatementPreset = { name: string; label: string; delimiter: string; mapping: StatementMapping; fixed_currency?: string; builtin: boolean };

/** Unmatched rows grouped by code (ISRC, else UPC), summed. */
export type UnmatchedCodeRow = { isrc: string; upc: string; rows: number; amount_micros: number; track: string; release: string; artist: string; first_import_id: number; last_import_id: number };

/** A month, store, country, release or track total of the artist's earnings, micro-USD. */
export type EarningsTotal = { key: string; label: string; confirmed_micros: number; estimated_micros: number; quantity: number };

/**
 * The artist's earnings screen (decision 019). `balance_cents` is the withdrawable ledger balance. The
 * totals count earned lines only: lines under an open or forfeited hold are not earned (docs/decisions/039);
 * a released hold's lines count again, a clawback's debit counts.
 */
export type EarningsSummary = {
  from: string;
  to: string;
  balance_cents: number;
  confirmed_micros: number;
  estimated_micros: number;
  /** The caller's part of lines under an open hold (held, or a forfeit awaiting its second finance member) in the window: not in the totals until released. */
  held_micros: number;
  by_month: EarningsTotal[];
  by_store: EarningsTotal[];
  by_country: EarningsTotal[];
  by_release: EarningsTotal[];
  by_track: EarningsTotal[];
};

/** One credit line of the artist's ledger detail: from which statement and track. */
export type EarningLine = {
  credit_id: number;
  import_id: number;
  source: string;
  sale_month: string;
  reporting_date: string;
  store: string;
  country: string;
  track_id: number;
  track: string;
  release_id: number;
  release: string;
  isrc: string;
  upc: string;
  sale_type: string;
  quantity: number;
  amount_micros: number;
  confirmed: boolean;
  /** 'owner' for the owner's part, 'split' for a collaborator's share. */
  share: 'owner' | 'split';
  /** 'held' under an open hold, 'forfeited' under a forfeited one (neither is earned); null when earned (no hold, a released hold, a clawback). */
  hold: 'held' | 'forfeited' | null;
};

export type SplitStatus = 'invited' | 'accepted' | 'declined' | 'ended';

/** A collaborator's share of a track (owner's view). `percent` has at most two decimals. */
export type TrackSplit = { split_id: number; track_id: number; email: string; percent: number; status: SplitStatus; from_month: string; to_month: string | null };

/** An invitation or accepted share, as the collaborator sees it. */
export type SplitInvitation = { split_id: number; track_id: number; track: string; release: string; owner_name: string; percent: number; status: SplitStatus; from_month: string };

/** One of the owner's tracks, for the split editor. */
export type SplitTrack = { track_id: number; title: string; release: string; isrc: string };
