/** Per-route metadata the layouts read with useMatches(). */
export interface RouteHandle {
  /** Page title; the tab shows "<title> · Sikka". */
  title?: string;
  /** Full-height work screens (trading, dashboard, admin) leave the site footer out. */
  footer?: false;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null;
}
