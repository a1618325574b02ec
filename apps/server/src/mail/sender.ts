import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.ts';
import { PollLoop } from '../money/poll-loop.ts';

/** Tries per mail before it is given up (logged as failed). */
export const MAIL_MAX_ATTEMPTS = 8;
/** Wait before try n+1: 10 s, 20 s, 40 s … up to 30 minutes. */
export const mailRetryDelayMs = (attempts: number): number =>
  Math.min(30 * 60_000, 10_000 * 2 ** Math.max(0, attempts - 1));

type OutboxRow = {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
};

/**
 * Delivers the outbox over SMTP (nodemailer). One mail per transaction, its row locked while it
 * is handed to the server (FOR UPDATE SKIP LOCKED), so instances never send the same mail at
 * once. At least once: a crash between the SMTP server's OK and the commit sends it again. A
 * delivered mail's bodies are cleared, so its one-time link does not outlive delivery here.
 */
export class MailSender {
  readonly #loop: PollLoop;
  readonly #transport: Transporter;

  constructor(
    private readonly db: Db,
    smtpUrl: string,
    private readonly from: string,
    private readonly clock: () => Date,
    private readonly log: FastifyBaseLogger,
    pollMs: number,
  ) {
    this.#transport = nodemailer.createTransport(smtpUrl);
    this.#loop = new PollLoop(
      () => this.step(),
      pollMs,
      (err) => this.log.error({ err }, 'mail sender step failed'),
    );
  }

  start(): void {
    this.#loop.start();
  }

  /** A mail was just queued: look now instead of after the pause. */
  poke(): void {
    this.#loop.poke();
  }

  async stop(): Promise<void> {
    await this.#loop.stop();
    this.#transport.close();
  }

  /** Sends at most one due mail; `again` while there may be more. */
  async step(): Promise<{ again: boolean }> {
    return this.db.transaction(async (tx) => {
      const now = this.clock();
      const [row] = await tx.query<OutboxRow>(
        `SELECT id::text AS id, to_address, subject, text_body, html_body, attempts FROM email_outbox
          WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= $1
          ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [now],
      );
      if (!row) return { again: false };
      try {
        await this.#transport.sendMail({
          from: this.from,
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
        });
      } catch (err) {
        const attempts = row.attempts + 1;
        const giveUp = attempts >= MAIL_MAX_ATTEMPTS;
        this.log.warn({ err, mailId: row.id, attempts, giveUp }, 'mail not delivered');
        await tx.query(
          `UPDATE email_outbox SET attempts = $2, last_error = $3, next_attempt_at = $4,
                  failed_at = CASE WHEN $5 THEN $6::timestamptz END
            WHERE id = $1`,
          [
            row.id,
            attempts,
            String((err as Error).message ?? err).slice(0, 500),
            new Date(now.getTime() + mailRetryDelayMs(attempts)),
            giveUp,
            now,
          ],
        );
        return { again: false };
      }
      await tx.query(
        `UPDATE email_outbox SET sent_at = $2, attempts = attempts + 1, text_body = NULL,
                html_body = NULL, last_error = NULL
          WHERE id = $1`,
        [row.id, now],
      );
      return { again: true };
    });
  }
}
