/**
 * One-line summaries for the API reference, used where the OpenAPI document has none.
 * Keys are 'METHOD /path' as the document spells the path (without a trailing slash).
 */
export const apiSummaries: Readonly<Record<string, string>> = {
  'GET /api/health': 'Liveness check.',
  'POST /api/auth/signup': 'Create an account and start a session (sets the session cookie).',
  'POST /api/auth/login': 'Sign in with e-mail and password (sets the session cookie).',
  'POST /api/auth/logout': 'End the current session.',
  'GET /api/auth/session': 'The signed-in user, or null.',
  'GET /api/me': 'The signed-in user with INR and USDT balances.',
  'PATCH /api/me': 'Update your full name or phone number.',
  'GET /api/market/tickers': 'Live INR market list with its source and last update time.',
  'GET /api/market/candles': 'OHLCV candles of one market (1-minute or 1-hour).',
  'GET /api/deposits': 'Your most recent INR deposit requests.',
  'POST /api/deposits': 'Request an INR deposit made by bank transfer (amount and UTR).',
  'POST /api/trades/quick': 'Buy or sell USDT instantly at the server’s rate.',
  'GET /api/trades': 'Your quick-trade history, paged and filterable.',
  'POST /api/kyc': 'Submit individual KYC documents (multipart form).',
  'GET /api/kyc/documents/{userId}/{kind}': 'Download a KYC document (owner or admin only).',
  'GET /api/admin/users': 'Admin: list users with their KYC status.',
  'POST /api/admin/users/{id}/kyc': 'Admin: approve or reject a KYC submission.',
  'GET /api/admin/deposits': 'Admin: list deposit requests.',
  'POST /api/admin/deposits/{id}/approve': 'Admin: approve a pending deposit and credit the user.',
  'POST /api/admin/deposits/{id}/reject': 'Admin: reject a pending deposit with a reason.',
  'GET /api/admin/trades': 'Admin: list all quick trades.',
};
