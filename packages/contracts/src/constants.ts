/** Business constants of PRODUCT.md §9 and DESIGN.md. Units are in the names or comments. */
export const SESSION_TTL_MS = 3 * 24 * 60 * 60 * 1000; // 3 days, the product's auth lifetime
export const SESSION_COOKIE = 'sikka_session';
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const TICKER_POLL_MS = 1000;
export const WS_HEARTBEAT_MS = 30_000;
export const WS_RECONNECT_BACKOFF_MS = [1000, 2000, 5000, 10_000] as const;

export const TOP_LIST_SIZE = 5;
export const TRADE_PAGE_SIZE = 10;
export const RECENT_DEPOSITS = 10;
export const ADMIN_PAGE_SIZE = 20;

export const DEPOSIT_MIN_INR = '100';
export const DEPOSIT_MAX_INR = '1000000';
export const DEPOSIT_DAILY_LIMIT_INR = '5000000';

/** Quick trade: rate = USDTINR last price (fallback), buy at rate + spread, sell at rate − spread. */
export const QUICK_RATE_FALLBACK = '87.7';
export const QUICK_BUY_SPREAD = '2';
export const QUICK_SELL_SPREAD = '1.5';
/** A quoted rate worse for the user than the server's by more than this share is refused. */
export const QUICK_PRICE_TOLERANCE = '0.005';
export const USDT_DECIMALS = 8;
export const INR_DECIMALS = 2;
/** Upper bound of one quick trade, in USDT; keeps every total well inside numeric(20,2). */
export const QUICK_TRADE_MAX_USDT = '1000000';
/**
 * Default bounds of one quick trade's INR total (the server's TRADE_MIN_TOTAL_INR and
 * TRADE_MAX_TOTAL_INR settings). The minimum keeps rounding from being farmed with dust
 * trades; the maximum matches the individual account's ₹10,00,000 a day of PRODUCT.md §9.
 */
export const TRADE_MIN_TOTAL_INR = '10';
export const TRADE_MAX_TOTAL_INR = '1000000';

export const TOAST_MS = 5000;
export const SIGNUP_REDIRECT_MS = 2000;
export const HERO_ENTRANCE_MS = 500;
export const COOKIE_BANNER_DELAY_MS = 1000;
export const COPY_CONFIRM_MS = 2000;
export const LOADING_SKELETON_MS = 1500;

export const WATCHLIST_STORAGE_KEY = 'watchlist';
export const COOKIE_CONSENT_STORAGE_KEY = 'cookie-consent';

/** The one WebSocket (DESIGN.md §5); its messages are the schemas of realtime.ts. */
export const REALTIME_PATH = '/api/realtime';
/** Largest message a client may send; a bigger one closes the socket (code 1009). */
export const WS_MAX_MESSAGE_BYTES = 4096;
/**
 * How often every open socket's session is re-checked: the backstop for one that merely
 * expired. A socket whose session is deleted (logout, sign-out, freeze…) closes at once.
 */
export const WS_SESSION_CHECK_MS = 30_000;
/**
 * Close codes the client should know. A handshake refused for a foreign origin (HTTP 403) or
 * for too many sockets (HTTP 429) never opens a socket, so it has no close code.
 */
export const WS_CLOSE_SESSION_ENDED = 4001;
export const WS_CLOSE_SERVER_SHUTDOWN = 1001;
