/**
 * Where the store QC of the distribution engine checks video thumbnails (docs/decisions/020): 16:9,
 * at least 1280×720. The distribution module registers itself at boot
 * (`ThumbnailsService.registerQcHook`); the video module does not import it.
 */
export type ThumbnailQcHook = {
  /** A stored thumbnail: the refusal text naming the measured size when it fails QC and QC is enforced, else null. */
  checkThumbnail(upload: { user_id: number; filename: string; storage_key: string }): Promise<string | null>;
};
