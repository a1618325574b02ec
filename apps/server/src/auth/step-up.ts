import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  EMAIL_CHANGE_HOLD_MS,
  messages,
  TWO_FACTOR_HEADER,
  TWO_FACTOR_PASSKEY_HEADER,
} from '@sikka/contracts';
import { DomainError } from '../domain-error.ts';
import { relyingParty, verifyStepUpPasskey } from './passkeys.ts';
import { requireUser } from './plugin.ts';
import { checkSecondFactor } from './second-factor.ts';
import { istDateTime } from './ist-time.ts';

/** Far above any assertion a browser makes (about 1 KB), far below the header limit. */
const MAX_PASSKEY_HEADER = 8192;

/**
 * preHandler of the routes that ask for the second factor again (withdrawals, bank accounts,
 * security changes; ADR 017): a user with TOTP on must send a current code (or a backup code)
 * in the X-Two-Factor-Code header, or confirm with one of their passkeys in
 * X-Two-Factor-Passkey (ADR 032). Missing: `two_factor_required`; wrong: `two_factor_invalid`;
 * the web app asks and repeats the request. Users without TOTP pass.
 */
export function requireSecondFactor(app: FastifyInstance) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const user = requireUser(request);
    if (!user.totp_enabled_at) return;
    const passkey = request.headers[TWO_FACTOR_PASSKEY_HEADER];
    if (typeof passkey === 'string' && passkey !== '') {
      const response = decodeAssertion(passkey);
      if (!response) throw new DomainError('two_factor_invalid', messages.security.passkeyFailed);
      const rp = relyingParty(request.headers.origin);
      await verifyStepUpPasskey(app.db, user.id, rp, response, app.clock());
      return;
    }
    const header = request.headers[TWO_FACTOR_HEADER];
    const code = typeof header === 'string' ? header.trim() : '';
    if (!code || code.length > 32) {
      throw new DomainError('two_factor_required', messages.security.codeRequiredAgain);
    }
    const proven = await checkSecondFactor(app.db, app.vault, user.id, code, app.clock());
    if (!proven) throw new DomainError('two_factor_invalid', messages.security.codeInvalid);
  };
}

/** The header's assertion: base64url of a JSON object; null for anything else. */
function decodeAssertion(header: string): Record<string, unknown> | null {
  if (header.length > MAX_PASSKEY_HEADER || !/^[A-Za-z0-9_-]+$/.test(header)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * preHandler of withdrawals (INR and crypto): closed until the sign-up address is verified by
 * its link, and for EMAIL_CHANGE_HOLD_MS after the address was changed (ADR 033), so that
 * whoever took a session cannot move the account's mail and its money in one sitting.
 */
export function requireWithdrawalsOpen(app: FastifyInstance) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const user = requireUser(request);
    if (!user.email_verified_at) {
      throw new DomainError('email_unverified', messages.security.emailUnverified);
    }
    const changed = user.email_changed_at;
    if (!changed) return;
    const until = new Date(changed.getTime() + EMAIL_CHANGE_HOLD_MS);
    if (app.clock() < until) {
      throw new DomainError(
        'withdrawals_paused',
        messages.security.withdrawalsPausedAfterEmailChange(istDateTime(until)),
      );
    }
  };
}
