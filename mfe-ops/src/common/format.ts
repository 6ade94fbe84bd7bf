/** "3 d 4 h", "5 h 12 min", "7 min" from whole minutes. */
export function formatAge(minutes: number): string {
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (d) return `${d} d ${h} h`;
  if (h) return `${h} h ${m} min`;
  return `${m} min`;
}

/** A local date and time of an ISO string. */
export const formatWhen = (iso: string | null): string => (iso ? new Date(iso).toLocaleString() : '—');
