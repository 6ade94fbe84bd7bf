import { Injectable, Logger } from '@nestjs/common';
import { DeliveryService } from '../distribution/delivery/delivery.service';

/** A store where the release is live, with the store's own address of it. */
export type LiveStoreLink = { store: string; url: string };

/**
 * The live stores of a release, from the distribution module's exported service (the one place that
 * knows acknowledgements, release dates passed and links set by staff). Only http(s) links are kept,
 * so a bad link set by hand can never become a `javascript:` button on the public page.
 */
@Injectable()
export class StoreLinks {
  private readonly logger = new Logger(StoreLinks.name);

  constructor(private readonly delivery: DeliveryService) {}

  /** The release's live stores, in the distribution module's order; [] when there are none (or it cannot say). */
  async live(releaseId: number): Promise<LiveStoreLink[]> {
    try {
      const links = await this.delivery.liveStoreLinks(releaseId);
      return links.filter((l) => typeof l.store === 'string' && l.store !== '' && isWebUrl(l.url));
    } catch (e) {
      this.logger.warn({ msg: 'live store links unreadable: page shown without them', release_id: releaseId, err: (e as Error).message });
      return [];
    }
  }
}

/** Whether `url` is an absolute http(s) URL. */
export function isWebUrl(url: unknown): url is string {
  if (typeof url !== 'string') return false;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}
