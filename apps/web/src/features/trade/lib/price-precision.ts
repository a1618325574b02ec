/**
 * Places a price is shown and entered with: 2 from ₹1 up (PRODUCT.md §9), else enough for 4
 * significant digits, so sub-rupee coins (SHIB, PEPE) keep their moves visible. Matches
 * formatPrice in lib/format.ts.
 */
export function priceDecimals(price: number): number {
  if (!Number.isFinite(price) || price <= 0 || price >= 1) return 2;
  return Math.min(12, Math.max(2, 3 - Math.floor(Math.log10(price))));
}

/** Places an order amount gets: fewer for cheap coins (whole SHIB), more for dear ones (BTC). */
export function amountDecimals(price: number): number {
  if (!Number.isFinite(price) || price <= 0) return 2;
  if (price >= 100_000) return 6;
  if (price >= 1_000) return 4;
  if (price >= 1) return 2;
  return 0;
}
