import type { Level } from './book-side.ts';
import type { StpMode } from './types.ts';

/**
 * FOK's dry run: would the whole quantity fill, walking the opposite side's levels (sorted
 * worst → best) exactly as the match would, limit price, quote budget (−1: none) and STP
 * included? cancel_taker and cancel_both end the walk at the taker's own order, cancel_maker
 * skips it. Reads only: a miss leaves the book untouched.
 */
export function canFillWhole(
  levels: readonly Level[],
  isBuy: boolean,
  limit: number,
  lots: number,
  owner: string,
  stp: StpMode,
  budget: number,
): boolean {
  let need = lots;
  let spent = 0;
  for (let i = levels.length - 1; i >= 0; i--) {
    const price = levels[i]!.price;
    if (isBuy ? price > limit : price < limit) return false;
    for (let n = levels[i]!.head; n !== null; n = n.next) {
      if (n.owner === owner) {
        if (stp === 'cancel_maker') continue;
        return false;
      }
      let qty = need < n.lots ? need : n.lots;
      if (budget >= 0) {
        // Integer division of safe integers, spent ≤ budget: exact.
        const affordable = Math.floor((budget - spent) / price);
        if (affordable === 0) return false;
        if (qty > affordable) qty = affordable;
        spent += qty * price;
      }
      need -= qty;
      if (need === 0) return true;
    }
  }
  return false;
}
