/** How long after sign-up the dashboard still greets a person as new. */
export const NEW_ACCOUNT_MS = 60 * 60 * 1000;

/**
 * The overview's greeting above the name: "Welcome to Sikka," in the first hour of an account
 * (its first visit is not a return), "Welcome back," after. A `createdAt` that cannot be read
 * is treated as an older account.
 */
export function greetingFor(createdAt: string, now: number): string {
  const created = Date.parse(createdAt);
  const isNew = Number.isFinite(created) && now - created < NEW_ACCOUNT_MS;
  return isNew ? 'Welcome to Sikka,' : 'Welcome back,';
}
