import { useRef } from 'react';

/**
 * The previous array while the new one holds the same items in the same order, so a list
 * derived again on every tick (top gainers, the first five by volume) keeps its identity when
 * no item in it changed, and memoised children skip rendering.
 */
export function useStableList<T>(list: readonly T[]): readonly T[] {
  const previous = useRef(list);
  const last = previous.current;
  if (last !== list && (last.length !== list.length || last.some((item, i) => item !== list[i])))
    previous.current = list;
  return previous.current;
}
