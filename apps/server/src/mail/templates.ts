import type { Mail } from './outbox.ts';

/**
 * The product's mails (issue 16): short, plain, in Sikka's voice, and carrying no secret beyond
 * the one-time link itself. Each has a text and an HTML body saying the same thing.
 */

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Body {
  greeting: string;
  paragraphs: string[];
  /** A button in the HTML; the URL on its own line in the text. */
  action?: { label: string; url: string };
  after?: string[];
  /** A last line with its own link, for "not you?" (the new-sign-in mail's freeze link). */
  alarm?: { lead: string; label: string; url: string };
}

/**
 * A mail before it is sent: its words, without the account's anti-phishing code, which the
 * mailer reads in the sending transaction and puts at the top (ADR 034).
 */
export interface MailDraft {
  to: string;
  subject: string;
  kind: string;
  body: Body;
  /**
   * The account whose code the mail shows, when `to` is not (or no longer) that account's
   * address: the link to a new address, the notice to the old one. Otherwise the code is that
   * of the account `to` belongs to, if any.
   */
  account?: string;
}

function render(
  to: string,
  subject: string,
  kind: string,
  body: Body,
  account?: string,
): MailDraft {
  return { to, subject, kind, body, ...(account ? { account } : {}) };
}

/** The finished mail: text and HTML saying the same, the anti-phishing code first if set. */
export function finishMail(draft: MailDraft, antiPhishingCode: string | null): Mail {
  const { to, subject, kind, body } = draft;
  const sign = 'The Sikka team';
  const footer =
    'You receive this mail because it concerns your Sikka account. Sikka will never ask for your password, your codes or your OTPs.';
  const codeLine = antiPhishingCode ? `Your anti-phishing code: ${antiPhishingCode}` : null;
  const text = [
    ...(codeLine ? [codeLine, ''] : []),
    body.greeting,
    '',
    ...body.paragraphs.flatMap((p) => [p, '']),
    ...(body.action ? [`${body.action.label}: ${body.action.url}`, ''] : []),
    ...(body.after ?? []).flatMap((p) => [p, '']),
    ...(body.alarm ? [`${body.alarm.lead} ${body.alarm.label}: ${body.alarm.url}`, ''] : []),
    sign,
    '',
    '--',
    footer,
  ].join('\n');
  const p = (t: string) =>
    `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#1f2937">${escapeHtml(t)}</p>`;
  const button = body.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(body.action.url)}" style="display:inline-block;background:#2563eb;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(body.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b7280">Or open this address: ${escapeHtml(body.action.url)}</p>`
    : '';
  const alarm = body.alarm
    ? `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#1f2937">${escapeHtml(body.alarm.lead)} <a href="${escapeHtml(body.alarm.url)}" style="color:#b91c1c;font-weight:600">${escapeHtml(body.alarm.label)}</a></p>\n`
    : '';
  const codeBox = antiPhishingCode
    ? `<p style="margin:0 0 24px;padding:10px 14px;border-radius:8px;background:#eff6ff;font-size:14px;color:#1e3a8a">Your anti-phishing code: <strong style="font-family:Consolas,Menlo,monospace;letter-spacing:1px">${escapeHtml(antiPhishingCode)}</strong></p>\n`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#2563eb">Sikka</p>
${codeBox}${p(body.greeting)}
${body.paragraphs.map(p).join('\n')}
${button}
${(body.after ?? []).map(p).join('\n')}
${alarm}${p(sign)}
<p style="margin:24px 0 0;font-size:12px;color:#6b7280">${escapeHtml(footer)}</p>
</div></body></html>`;
  return { to, subject, text, html, kind };
}

const firstName = (fullName: string): string => fullName.trim().split(/\s+/)[0] || 'there';

export function passwordResetMail(to: string, fullName: string, url: string): MailDraft {
  return render(to, 'Reset your Sikka password', 'password_reset', {
    greeting: `Hello ${firstName(fullName)},`,
    paragraphs: [
      'Someone asked to reset the password of your Sikka account. If it was you, choose a new password with the link below. It works once, for 30 minutes.',
    ],
    action: { label: 'Choose a new password', url },
    after: [
      'If you did not ask for this, ignore this mail: your password stays as it is. Setting a new password signs out every device.',
    ],
  });
}

export function verifyEmailMail(to: string, fullName: string, url: string): MailDraft {
  return render(to, 'Confirm your email for Sikka', 'email_verify', {
    greeting: `Welcome to Sikka, ${firstName(fullName)}!`,
    paragraphs: [
      'Please confirm that this email address is yours. Withdrawals open once it is confirmed. The link works for 24 hours.',
    ],
    action: { label: 'Confirm my email', url },
    after: ['If you did not create a Sikka account, ignore this mail.'],
  });
}

export interface SignInDetails {
  device: string;
  ip: string;
  /** already formatted for India, e.g. "24 Nov 2026, 10:42 am IST" */
  when: string;
}

/** The red "Freeze your account now" of a security mail, when it carries a freeze link. */
const freezeAlarm = (freezeUrl: string | undefined): Pick<Body, 'alarm'> =>
  freezeUrl
    ? {
        alarm: {
          lead: 'Not you, and cannot sign in?',
          label: 'Freeze your account now',
          url: freezeUrl,
        },
      }
    : {};

export function newSignInMail(
  to: string,
  fullName: string,
  details: SignInDetails,
  securityUrl: string,
  freezeUrl: string | undefined,
): MailDraft {
  return render(to, 'New sign-in to your Sikka account', 'new_sign_in', {
    greeting: `Hello ${firstName(fullName)},`,
    paragraphs: [
      `Your Sikka account was just signed in to from a device we had not seen before: ${details.device}, from ${details.ip}, on ${details.when}.`,
      'If this was you, there is nothing to do.',
    ],
    action: { label: 'Review your sessions', url: securityUrl },
    after: [
      'If it was not you, sign that session out on your Security page, change your password and turn on two-factor authentication.',
    ],
    ...freezeAlarm(freezeUrl),
  });
}

export function passwordChangedMail(
  to: string,
  fullName: string,
  securityUrl: string,
  passkeysRemoved = 0,
): MailDraft {
  return render(to, 'Your Sikka password was changed', 'password_changed', {
    greeting: `Hello ${firstName(fullName)},`,
    paragraphs: [
      'The password of your Sikka account was just changed, and your other sessions were signed out.',
      ...(passkeysRemoved > 0
        ? [
            `Because it was reset from a link, the account's ${passkeysRemoved === 1 ? 'passkey was' : `${passkeysRemoved} passkeys were`} removed too. You can add passkeys again on your Security page.`,
          ]
        : []),
    ],
    action: { label: 'Review your security', url: securityUrl },
    after: [
      'If you did not do this, reset your password at once with "Forgot password?" on the sign-in page, and write to support.',
    ],
  });
}

/** To the new address of an e-mail change (of account `account`): the link that makes the change. */
export function emailChangeMail(
  to: string,
  fullName: string,
  url: string,
  account: string,
): MailDraft {
  return render(
    to,
    'Confirm your new email for Sikka',
    'email_change',
    {
      greeting: `Hello ${firstName(fullName)},`,
      paragraphs: [
        'You asked to use this address for your Sikka account. Confirm it with the link below; it works once, for 24 hours.',
        'Withdrawals pause for 24 hours after the change, to protect your account.',
      ],
      action: { label: 'Use this email', url },
      after: ['If you did not ask for this, ignore this mail: nothing changes.'],
    },
    account,
  );
}

/** To the new address of an e-mail change when it already belongs to an account. */
export function emailChangeTakenMail(to: string, loginUrl: string): MailDraft {
  return render(to, 'Your email and Sikka', 'email_change_taken', {
    greeting: 'Hello,',
    paragraphs: [
      'Someone asked to move a Sikka account to this address. This address already has a Sikka account of its own, so nothing has changed.',
    ],
    action: { label: 'Sign in to Sikka', url: loginUrl },
    after: ['If this was you, sign in to the account this address already has.'],
  });
}

/**
 * To the current address of account `account` when a change away from it is asked for, and to
 * the old one when it is made.
 */
export function emailChangeNoticeMail(
  to: string,
  fullName: string,
  newEmail: string,
  done: boolean,
  securityUrl: string,
  account: string,
): MailDraft {
  return render(
    to,
    done ? 'Your Sikka email was changed' : 'A change of your Sikka email was asked for',
    done ? 'email_changed' : 'email_change_requested',
    {
      greeting: `Hello ${firstName(fullName)},`,
      paragraphs: done
        ? [
            `The email address of your Sikka account is now ${newEmail}. Mails will go there from now on, and withdrawals are paused for 24 hours.`,
          ]
        : [
            `Someone signed in to your Sikka account asked to change its email address to ${newEmail}. Nothing changes unless the link sent there is followed.`,
          ],
      action: { label: 'Review your security', url: securityUrl },
      after: [
        'If you did not do this, change your password at once, sign out your other sessions on the Security page, and write to support.',
      ],
    },
    account,
  );
}

export function twoFactorChangedMail(
  to: string,
  fullName: string,
  enabled: boolean,
  securityUrl: string,
): MailDraft {
  return render(
    to,
    enabled
      ? 'Two-factor authentication is on for your Sikka account'
      : 'Two-factor authentication was turned off',
    enabled ? 'totp_enabled' : 'totp_disabled',
    {
      greeting: `Hello ${firstName(fullName)},`,
      paragraphs: [
        enabled
          ? 'Two-factor authentication is now on: signing in, withdrawing and changing security settings will ask for a code from your authenticator app. Keep your backup codes somewhere safe.'
          : 'Two-factor authentication was just turned off for your Sikka account. Signing in now needs only your password.',
      ],
      action: { label: 'Review your security', url: securityUrl },
      after: enabled
        ? []
        : ['If you did not do this, change your password at once and turn it back on.'],
    },
  );
}

/**
 * A passkey was added: it signs in on its own, so the owner hears of it at once, with the
 * freeze link of a new-sign-in mail for when it was not them (admins have none).
 */
export function passkeyAddedMail(
  to: string,
  fullName: string,
  passkeyName: string,
  securityUrl: string,
  freezeUrl: string | undefined,
): MailDraft {
  return render(to, 'A passkey was added to your Sikka account', 'passkey_added', {
    greeting: `Hello ${firstName(fullName)},`,
    paragraphs: [
      `A passkey named "${passkeyName}" was just added to your Sikka account. It can sign in to your account without your password.`,
      'If this was you, there is nothing to do.',
    ],
    action: { label: 'Review your passkeys', url: securityUrl },
    after: [
      'If it was not you, remove that passkey on your Security page, change your password and sign out your other sessions.',
    ],
    ...freezeAlarm(freezeUrl),
  });
}

/** When the anti-phishing code is set, changed or removed (the mail shows the new code, if any). */
export function antiPhishingCodeChangedMail(
  to: string,
  fullName: string,
  set: boolean,
  securityUrl: string,
): MailDraft {
  return render(
    to,
    set ? 'Your Sikka anti-phishing code was set' : 'Your Sikka anti-phishing code was removed',
    set ? 'anti_phishing_code_set' : 'anti_phishing_code_removed',
    {
      greeting: `Hello ${firstName(fullName)},`,
      paragraphs: set
        ? [
            'Your anti-phishing code is the one at the top of this mail. From now on every mail from Sikka shows it there: a mail that claims to be from Sikka without it is not from us.',
          ]
        : [
            'Your anti-phishing code was removed: mails from Sikka no longer show one. You can set a new one on your Security page.',
          ],
      action: { label: 'Review your security', url: securityUrl },
      after: [
        'If you did not do this, change your password at once, sign out your other sessions on the Security page, and write to support.',
      ],
    },
  );
}

/** The account was frozen (ADR 035): what that did, and how it ends. */
export function accountFrozenMail(
  to: string,
  fullName: string,
  withdrawalsCancelled: number,
): MailDraft {
  return render(to, 'Your Sikka account is frozen', 'account_frozen', {
    greeting: `Hello ${firstName(fullName)},`,
    paragraphs: [
      'Your Sikka account was just frozen. Every session is signed out and no one can sign in to it, with any password, code or passkey.',
      withdrawalsCancelled > 0
        ? `${withdrawalsCancelled === 1 ? 'One withdrawal' : `${withdrawalsCancelled} withdrawals`} not yet sent ${withdrawalsCancelled === 1 ? 'was' : 'were'} cancelled, and the money is back in your balance.`
        : 'No withdrawal was waiting to be sent.',
      'To unfreeze it, reply to this mail or write to support from this address. We will check that it is you first.',
    ],
  });
}

/** The admin unfroze the account. */
export function accountUnfrozenMail(to: string, fullName: string, loginUrl: string): MailDraft {
  return render(to, 'Your Sikka account is unfrozen', 'account_unfrozen', {
    greeting: `Hello ${firstName(fullName)},`,
    paragraphs: [
      'Your Sikka account is unfrozen: you can sign in again. If someone else knew your password, choose a new one and turn on two-factor authentication on your Security page.',
    ],
    action: { label: 'Sign in to Sikka', url: loginUrl },
  });
}

/** A mail that tells of an event on the account (KYC decided, money in or out), with its page. */
export interface AccountEventText {
  subject: string;
  kind: string;
  paragraphs: string[];
  action: { label: string; url: string };
}

export function accountEventMail(to: string, fullName: string, event: AccountEventText): MailDraft {
  return render(to, event.subject, event.kind, {
    greeting: `Hello ${firstName(fullName)},`,
    paragraphs: event.paragraphs,
    action: event.action,
  });
}
