/**
 * The crypto withdrawals tab's words; not in the contracts' messages yet (said in the issue's
 * report), so they live next to the tab until they move there.
 */
export const CRYPTO_ADMIN_TEXT = {
  fetchFailed: 'Failed to fetch crypto withdrawals',
  approved: 'Crypto withdrawal approved. It is being signed and sent.',
  approveFailed: 'Failed to approve crypto withdrawal',
  rejected: 'Crypto withdrawal rejected. The amount and fee are back in the user’s wallet.',
  rejectFailed: 'Failed to reject crypto withdrawal',
  retried: 'Crypto withdrawal queued again. The server tries to sign and send it now.',
  /** An approved one the sender gave up on (CHAIN_WITHDRAWAL_SEND_ATTEMPTS failed attempts). */
  needsAttention: 'Needs attention: cannot be sent',
  /** An approved one the node refused; the sender tries again after a pause. */
  retrying: (attempts: number, max: number) => `Not sent yet, attempt ${attempts} of ${max}`,
  waiting: 'Waiting to be signed',
} as const;
