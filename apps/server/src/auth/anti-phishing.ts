import { messages } from '@sikka/contracts';
import { recordSecurityEvent } from '../audit/audit-log.ts';
import { DomainError } from '../domain-error.ts';
import { antiPhishingCodeChangedMail } from '../mail/templates.ts';
import type { UserRow } from '../users/user-row.ts';
import type { SettingsContext } from './totp-settings.ts';

/**
 * Sets (or, with null, removes) the account's anti-phishing code (ADR 034). The route has
 * already asked for the second factor when it is on. One transaction: the code, an audit row
 * (which never holds the code), and a notice to the account's address that shows the new code
 * at its top, so a code set by someone else is seen in the next mail.
 */
export async function setAntiPhishingCode(
  ctx: SettingsContext,
  user: UserRow,
  code: string | null,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.query<{ code: string | null }>(
      'SELECT anti_phishing_code AS code FROM users WHERE id = $1 FOR UPDATE',
      [user.id],
    );
    const current = row?.code ?? null;
    if (code === null && current === null) {
      throw new DomainError('invalid_state', messages.security.antiPhishingCodeNotSet);
    }
    if (code !== null && code === current) {
      throw new DomainError('validation_error', messages.security.antiPhishingCodeSame, {
        code: messages.security.antiPhishingCodeSame,
      });
    }
    await tx.query('UPDATE users SET anti_phishing_code = $2, updated_at = now() WHERE id = $1', [
      user.id,
      code,
    ]);
    await recordSecurityEvent(tx, {
      userId: user.id,
      action:
        code === null ? 'security.anti_phishing_code_removed' : 'security.anti_phishing_code_set',
      ip: ctx.ip,
      after: { replaced: current !== null },
    });
    await ctx.mailer.send(
      tx,
      antiPhishingCodeChangedMail(
        user.email,
        user.full_name,
        code !== null,
        `${ctx.origin}/dashboard/account/security`,
      ),
    );
  });
}
