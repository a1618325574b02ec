import { paths } from '@/config/paths.ts';

/**
 * `<any dashboard path>?kyc=<anything>` opens the KYC flow there (the dashboard layout's KYC
 * gate reads it; the overview's 'Complete Your KYC' banner links to `/dashboard?kyc=start`).
 * The gate removes the parameter once it has acted on it, so a reload or the back button
 * does not open it again. Shared, because screens outside the KYC feature (the wallet,
 * quick buy) send unverified users into the flow.
 */
export const KYC_SEARCH_PARAM = 'kyc';

/** Where a 'Start KYC' button goes: `dashboardPath` (a dashboard page) with the flow open. */
export function startKycHref(dashboardPath: string = paths.dashboard.root): string {
  return `${dashboardPath}?${KYC_SEARCH_PARAM}=start`;
}
