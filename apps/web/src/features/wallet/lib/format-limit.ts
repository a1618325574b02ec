/** Whole-rupee amounts in Indian grouping for the displayed limits: '1000000' → '₹10,00,000'. */
const wholeInr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

export function formatInrWhole(value: string): string {
  return wholeInr.format(value as `${number}`);
}
