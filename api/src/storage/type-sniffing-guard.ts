import { Transform, type TransformCallback } from 'node:stream';

/**
 * Pass-through stream in front of the storage for an upload whose type is read from its first bytes
 * (DESIGN "Files"): holds the first `headBytes` until `detect` has named the type, then lets bytes
 * through while counting them. It errors, so the storage discards the partial file, with what `detect`
 * throws for a type that is not accepted (415) or with what `tooLarge` answers as soon as the bytes seen
 * pass the limit (413); `tooLarge` is asked again once the type is known, as the limit may depend on it.
 * Subclasses: the releases' UploadGuard (artwork and audio) and the PromotionImageGuard.
 */
export abstract class TypeSniffingGuard<T> extends Transform {
  /** The type the first bytes gave, once known. */
  detected: T | null = null;
  /** Bytes seen so far. */
  bytes = 0;
  private head: Buffer[] = [];
  private headLength = 0;

  constructor(private readonly headBytes: number) {
    super();
  }

  /** The type of `head` (at most `headBytes`, fewer for a short file); throws the refusal for others. */
  protected abstract detect(head: Buffer): T | Promise<T>;

  /** The error to stop with when `bytes` passed the limit (of `detected`, once known), else null. */
  protected abstract tooLarge(): Error | null;

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    const over = this.tooLarge();
    if (over) return done(over);
    if (this.detected) return done(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < this.headBytes) return done();
    this.release(done);
  }

  override _flush(done: TransformCallback): void {
    if (this.detected) return done();
    this.release(done);
  }

  private release(done: TransformCallback): void {
    const head = Buffer.concat(this.head, this.headLength);
    this.head = [];
    Promise.resolve()
      .then(() => this.detect(head))
      .then(
        (detected) => {
          this.detected = detected;
          const over = this.tooLarge();
          if (over) return done(over);
          done(null, head);
        },
        (e: unknown) => done(e as Error),
      );
  }
}
