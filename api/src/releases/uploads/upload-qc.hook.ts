/**
 * Where the store QC of the distribution engine plugs into uploads and submission
 * (docs/decisions/020-distribution-engine.md). The distribution module registers itself at boot
 * (`UploadsService.registerQcHook`); the releases module does not import it, so the two stay acyclic.
 */
export type UploadQcHook = {
  /**
   * A stored artwork (before its renditions): the refusal text when it fails QC and QC is enforced, else null.
   * `local_copy`: the same bytes in a file on this machine, when the upload has one (read instead of the store).
   */
  checkArtwork(upload: { user_id: number; filename: string; storage_key: string; local_copy?: string }): Promise<string | null>;
  /** A stored audio row was written: start its QC job (answers at once). */
  audioStored(upload: { user_id: number; filename: string; storage_key: string; mime: string }): Promise<void>;
  /** Before a submission: the texts of blocking or pending QC of the release's files ([] = store-ready). */
  submitProblems(userId: number, artwork: string, tracks: { title: string; audio_track: string }[]): Promise<string[]>;
};
