import { useEffect, useState } from 'react';

/** `value`, updated only after it has stayed unchanged for `ms` milliseconds (search boxes: 500 ms, core §9). */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}
