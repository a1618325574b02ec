import { format, parseISO } from 'date-fns';

/** A published date of static content in the app's date style (PRODUCT.md §9: 'MMM d, yyyy'). */
export function formatPublishedDate(isoDate: string): string {
  return format(parseISO(isoDate), 'MMM d, yyyy');
}
