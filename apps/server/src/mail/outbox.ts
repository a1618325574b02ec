import type { DevMailboxResponse } from '@sikka/contracts';
import type { Queryable } from '../db/index.ts';

/** One mail as the product writes it: plain text and HTML, in the product's voice. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** what it is for (reset, verify, new sign-in…), for logs and the mailbox */
  kind: string;
}

/**
 * Puts a mail in the outbox (migration 020). Inside the caller's transaction when it has one,
 * so a mail exists exactly when what it tells of happened. The sender (mail/sender.ts) delivers it.
 */
export async function enqueueMail(db: Queryable, mail: Mail, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO email_outbox (to_address, subject, text_body, html_body, kind, created_at, next_attempt_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6)`,
    [mail.to, mail.subject, mail.text, mail.html, mail.kind, now],
  );
}

/** The mails kept for the local mailbox (no SMTP), newest first. */
export async function localMailbox(db: Queryable, limit = 50): Promise<DevMailboxResponse> {
  const rows = await db.query<{
    id: string;
    to_address: string;
    subject: string;
    text_body: string | null;
    html_body: string | null;
    created_at: Date;
  }>(
    `SELECT id::text AS id, to_address, subject, text_body, html_body, created_at FROM email_outbox
      WHERE text_body IS NOT NULL ORDER BY created_at DESC, id DESC LIMIT $1`,
    [limit],
  );
  return {
    mails: rows.map((r) => ({
      id: r.id,
      to: r.to_address,
      subject: r.subject,
      text: r.text_body ?? '',
      html: r.html_body ?? '',
      createdAt: r.created_at.toISOString(),
    })),
  };
}
