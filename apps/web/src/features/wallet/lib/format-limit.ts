/** Whole-rupee amounts in Indian grouping for the displayed limits: '1000000' → '₹10,00,000'. */
const wholeInr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});
/** Paise only when there are any: '997800.50' → '₹9,97,800.50'. */
const paiseInr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function formatInrWhole(value: string): string {
  const paise = value.split('.')[1] ?? '';
  return (/[1-9]/.test(paise) ? paiseInr : wholeInr).format(value as `${number}`);
}
