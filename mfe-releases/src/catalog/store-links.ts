import { STORES, storeSearchUrl } from '@portal/contracts';
import { logoUrl } from '../shared/media-urls';

export type StoreLink = { name: string; logo: string; url?: string };

/**
 * Items of the Stores dialog (core §2 /catalog): the ten stores with a search link get one built
 * from the release title, the others are plain names.
 */
export function storeLinks(releaseTitle: string): StoreLink[] {
  return STORES.map((store) => ({ name: store.name, logo: logoUrl(store.logo), url: storeSearchUrl(store, releaseTitle) }));
}
