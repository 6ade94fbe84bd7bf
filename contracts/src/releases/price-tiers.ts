import type { ReleaseType } from './releases.enums';

/** A price tier: `value` is what the track stores in price_tier; price in euro (core §9). */
export type PriceTier = { value: string; label: string; price_eur: number };

const tier = (price: number, name?: string): PriceTier => ({
  value: price.toFixed(2),
  label: name ? `${name} (€${price.toFixed(2)})` : `€${price.toFixed(2)}`,
  price_eur: price,
});

/** Digital 45 = 1.49, Mini EP = 1.99, EP = 2.99 (core §9). */
const DIGITAL_45 = tier(1.49, 'Digital 45');
const MINI_EP = tier(1.99, 'Mini EP');
const EP = tier(2.99, 'EP');
/** 14 album tiers from 3.99 to 15.99: 3.99, 4.49, then 4.99 in 1.00 steps to 15.99 (core §5, §9). */
const ALBUM_TIERS: PriceTier[] = [3.99, 4.49, ...Array.from({ length: 12 }, (_, i) => 4.99 + i)].map((p) => tier(Math.round(p * 100) / 100));

/** Price tiers allowed per release type (core §5): single 2, ep 4, others 14. */
export const PRICE_TIERS: Record<ReleaseType, readonly PriceTier[]> = {
  single: [DIGITAL_45, MINI_EP],
  ep: [DIGITAL_45, MINI_EP, EP, ALBUM_TIERS[0]],
  album: ALBUM_TIERS,
  compilation: ALBUM_TIERS,
};

export function priceTiersFor(releaseType: string): readonly PriceTier[] {
  return PRICE_TIERS[releaseType as ReleaseType] ?? PRICE_TIERS.album;
}
export function isPriceTierAllowed(releaseType: string, value: string): boolean {
  return priceTiersFor(releaseType).some((t) => t.value === value);
}
