import { isRouteErrorResponse } from 'react-router';

/** The message the error page shows under 'Unexpected Application Error!', like the router's default. */
export function routeErrorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === 'string' && error.data ? `: ${error.data}` : '';
    return `${error.status} ${error.statusText}${detail}`.trim();
  }
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}
