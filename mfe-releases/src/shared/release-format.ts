import { RELEASE_TYPE_LABEL, RELEASE_UI, priceTiersFor, type ReleaseType } from '@portal/contracts';

/** Display label of a stored price tier value ("1.49" -> "Digital 45 (€1.49)"); the raw value when unknown. */
export function priceTierLabel(releaseType: string, value: string | null | undefined): string {
  if (!value) return RELEASE_UI.facts.none;
  return priceTiersFor(releaseType).find((tier) => tier.value === value)?.label ?? value;
}

export function releaseTypeLabel(type: string | null | undefined): string {
  if (!type) return RELEASE_UI.facts.none;
  return RELEASE_TYPE_LABEL[type.toLowerCase() as ReleaseType] ?? type;
}

/** A value for a fact list: the text, or a dash when empty. */
export const orDash = (value: string | number | null | undefined): string =>
  value === null || value === undefined || String(value).trim() === '' ? RELEASE_UI.facts.none : String(value);
