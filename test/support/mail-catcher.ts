import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

/** One message as the SMTP server received it, parsed. */
export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: Date;
}

export interface MailCatcher {
  /** SMTP_URL for the app: smtp://127.0.0.1:<port> */
  url: string;
  /** Every message received, in order. */
  messages: CapturedMail[];
  /** The first message (received already or later) that matches, or a timeout error. */
  waitFor(match: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  /** Shorthand: the next message to `to` whose subject contains `subject`. */
  waitForTo(to: string, subject?: string, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server (the `smtp-server` package) on 127.0.0.1 and a port the OS picks, that
 * keeps what it receives: tests point SMTP_URL at it and read the mail the product sent.
 */
export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: new Date(),
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const waitFor = (match: (mail: CapturedMail) => boolean, timeoutMs = 10_000) =>
    new Promise<CapturedMail>((resolve, reject) => {
      const check = () => {
        const found = messages.find(match);
        if (!found) return false;
        clearTimeout(timer);
        waiters.delete(wake);
        resolve(found);
        return true;
      };
      const wake = () => void check();
      const timer = setTimeout(() => {
        waiters.delete(wake);
        reject(new Error(`no matching mail within ${timeoutMs} ms (${messages.length} received)`));
      }, timeoutMs);
      waiters.add(wake);
      check();
    });

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor,
    waitForTo: (to, subject, timeoutMs) =>
      waitFor(
        (m) => m.to.includes(to.toLowerCase()) && (!subject || m.subject.includes(subject)),
        timeoutMs,
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text whose path starts with `path` (e.g. '/reset-password'). */
export function linkIn(mail: CapturedMail, path: string): URL {
  for (const match of mail.text.matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.startsWith(path)) return url;
  }
  throw new Error(`no ${path} link in mail "${mail.subject}"`);
}
