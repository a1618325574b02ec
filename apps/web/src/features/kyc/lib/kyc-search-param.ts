/**
 * `/dashboard?kyc=<anything>` opens the KYC flow (the overview's 'Complete Your KYC' banner
 * links to `?kyc=start`); the gate removes the parameter once it has acted on it, so a reload
 * or the back button does not open it again.
 */
export const KYC_SEARCH_PARAM = 'kyc';
