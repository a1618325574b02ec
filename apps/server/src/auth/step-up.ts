import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages, TWO_FACTOR_HEADER } from '@sikka/contracts';
import { DomainError } from '../domain-error.ts';
import { requireUser } from './plugin.ts';
import { checkSecondFactor } from './second-factor.ts';

/**
 * preHandler of the routes that ask for the second factor again (withdrawals, bank accounts,
 * security changes; ADR 017): a user with TOTP on must send a current code (or a backup code)
 * in the X-Two-Factor-Code header. Missing: `two_factor_required`; wrong: `two_factor_invalid`;
 * the web app asks and repeats the request. Users without TOTP pass.
 */
export function requireSecondFactor(app: FastifyInstance) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const user = requireUser(request);
    if (!user.totp_enabled_at) return;
    const header = request.headers[TWO_FACTOR_HEADER];
    const code = typeof header === 'string' ? header.trim() : '';
    if (!code || code.length > 32) {
      throw new DomainError('two_factor_required', messages.security.codeRequiredAgain);
    }
    const proven = await checkSecondFactor(app.db, app.vault, user.id, code, app.clock());
    if (!proven) throw new DomainError('two_factor_invalid', messages.security.codeInvalid);
  };
}

/** preHandler of withdrawals: closed until the sign-up address is verified by its link. */
export async function requireVerifiedEmail(
  request: FastifyRequest,
  _reply: FastifyReply,
): Promise<void> {
  const user = requireUser(request);
  if (!user.email_verified_at) {
    throw new DomainError('email_unverified', messages.security.emailUnverified);
  }
}
