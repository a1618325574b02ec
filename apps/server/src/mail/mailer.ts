import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db, Queryable } from '../db/index.ts';
import { enqueueMail } from './outbox.ts';
import { MailSender } from './sender.ts';
import { LOOPBACK_HOSTS } from '../http/origins.ts';
import { finishMail, type MailDraft } from './templates.ts';

/**
 * How the product sends mail (ADR 017). Every mail goes into the outbox table first (in the
 * caller's transaction); with SMTP_URL a sender delivers it, without one it stays there for the
 * local mailbox page and, outside production, its links are logged so a newcomer can follow them.
 */
export class Mailer {
  readonly sender: MailSender | null;

  constructor(
    private readonly config: Config,
    db: Db,
    private readonly clock: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {
    this.sender = config.SMTP_URL
      ? new MailSender(db, config.SMTP_URL, config.MAIL_FROM, clock, log, config.MAIL_POLL_MS)
      : null;
  }

  /**
   * Mail is kept for /dev/mailbox: no SMTP, on a developer's machine. That is any non-production
   * run, and `npm start` on a laptop (production mode, but listening on loopback with no public
   * origin and no proxy); a deployment has SMTP_URL or PUBLIC_ORIGIN, or sits behind a proxy.
   */
  get localMailbox(): boolean {
    if (this.sender) return false;
    const c = this.config;
    if (c.NODE_ENV !== 'production') return true;
    return LOOPBACK_HOSTS.has(c.HOST) && !c.PUBLIC_ORIGIN && !c.TRUST_PROXY;
  }

  start(): void {
    this.sender?.start();
    if (!this.sender && !this.localMailbox) {
      this.log.warn('SMTP_URL is not set: mail is kept in the outbox table and not delivered');
    }
  }

  async stop(): Promise<void> {
    await this.sender?.stop();
  }

  /**
   * Queues `draft` (in `db`'s transaction, if it is one) and wakes the sender. The account's
   * anti-phishing code is read in the same transaction, so a mail that tells of a new code
   * already shows it (ADR 034).
   */
  async send(db: Queryable, draft: MailDraft): Promise<void> {
    const [account] = await db.query<{ code: string | null }>(
      draft.account
        ? 'SELECT anti_phishing_code AS code FROM users WHERE id = $1'
        : 'SELECT anti_phishing_code AS code FROM users WHERE email = lower($1)',
      [draft.account ?? draft.to],
    );
    const mail = finishMail(draft, account?.code ?? null);
    await enqueueMail(db, mail, this.clock());
    if (this.sender) {
      // The row is visible once the caller's transaction commits; a poke that comes too early
      // finds nothing and the next scan (MAIL_POLL_MS) sends it.
      setImmediate(() => this.sender?.poke());
      return;
    }
    if (this.localMailbox) {
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      this.log.info(
        { to: mail.to, subject: mail.subject, links },
        `mail kept in the local mailbox (/dev/mailbox): ${mail.subject}${links[0] ? ` ${links[0]}` : ''}`,
      );
    }
  }
}
