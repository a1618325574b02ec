import type { Locator, Page } from 'playwright-core';
import { AppShell } from './app-shell.ts';

/**
 * /dashboard/account/security: e-mail, the anti-phishing code, password, two-factor, passkeys,
 * sessions, history, freeze.
 */
export class SecurityPage {
  readonly shell: AppShell;
  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
  }

  async open(query = ''): Promise<void> {
    await this.shell.open(`/dashboard/account/security${query}`);
    await this.twoFactor.waitFor();
  }

  card(name: string): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }
  get email(): Locator {
    return this.card('E-mail');
  }
  get profile(): Locator {
    return this.card('Profile');
  }
  get antiPhishing(): Locator {
    return this.card('Anti-phishing code');
  }
  get password(): Locator {
    return this.card('Password');
  }
  get twoFactor(): Locator {
    return this.card('Two-factor authentication');
  }
  get passkeys(): Locator {
    return this.card('Passkeys');
  }
  get sessions(): Locator {
    return this.card('Active sessions');
  }
  get history(): Locator {
    return this.card('Sign-in history');
  }
  get freeze(): Locator {
    return this.card('Freeze account');
  }

  // Two-factor
  get setUp(): Locator {
    return this.twoFactor.getByRole('button', { name: 'Set up', exact: true });
  }
  /** The setup key as shown (groups of four), for typing into an app. */
  get secret(): Locator {
    return this.twoFactor.getByTestId('totp-secret');
  }
  get qr(): Locator {
    return this.twoFactor.getByRole('img', { name: /QR code/ });
  }
  get code(): Locator {
    return this.twoFactor.getByLabel('6-digit code');
  }
  get turnOn(): Locator {
    return this.twoFactor.getByRole('button', { name: 'Turn on', exact: true });
  }
  get backupCodes(): Locator {
    return this.twoFactor.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
  }
  get savedThem(): Locator {
    return this.twoFactor.getByRole('button', { name: 'I have saved them' });
  }
  get backupCodesLeft(): Locator {
    return this.twoFactor.getByTestId('backup-codes-left');
  }
  get newBackupCodes(): Locator {
    return this.twoFactor.getByRole('button', { name: 'New backup codes' });
  }
  get turnOff(): Locator {
    return this.twoFactor.getByRole('button', { name: 'Turn off', exact: true });
  }
  /** Answers the page's own "Are you sure?" dialog with its confirming button. */
  async confirm(button: string): Promise<void> {
    const dialog = this.page
      .getByRole('dialog')
      .filter({ has: this.page.getByRole('button', { name: button, exact: true }) });
    await dialog.getByRole('button', { name: button, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  }
  get adminNotice(): Locator {
    return this.page.getByText('The admin tools need two-factor authentication.');
  }

  // Password
  get currentPassword(): Locator {
    return this.password.getByLabel('Current password', { exact: true });
  }
  get newPassword(): Locator {
    return this.password.getByLabel('New password', { exact: true });
  }
  get confirmPassword(): Locator {
    return this.password.getByLabel('Confirm new password', { exact: true });
  }
  get changePassword(): Locator {
    return this.password.getByRole('button', { name: 'Change password' });
  }
  /** The message under a field (TextField's note). */
  fieldError(field: Locator): Locator {
    return field.locator('xpath=ancestor::div[2]').locator('[data-field-error]');
  }

  // Anti-phishing code
  get antiPhishingInput(): Locator {
    return this.antiPhishing.getByLabel('Anti-phishing code', { exact: true });
  }
  get setAntiPhishingCode(): Locator {
    return this.antiPhishing.getByRole('button', { name: 'Set code', exact: true });
  }
  /** The code as the card shows it, once set. */
  get antiPhishingCode(): Locator {
    return this.antiPhishing.getByTestId('anti-phishing-code');
  }
  get changeAntiPhishingCode(): Locator {
    return this.antiPhishing.getByRole('button', { name: 'Change', exact: true });
  }
  get removeAntiPhishingCode(): Locator {
    return this.antiPhishing.getByRole('button', { name: 'Remove', exact: true });
  }

  // Passkeys
  get addPasskey(): Locator {
    return this.passkeys.getByRole('button', { name: 'Add a passkey' });
  }
  get passkeyDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Add a passkey' });
  }
  get passkeyName(): Locator {
    return this.passkeyDialog.getByLabel('Passkey name');
  }
  get passkeyPassword(): Locator {
    return this.passkeyDialog.getByLabel('Current password', { exact: true });
  }
  get passkeyContinue(): Locator {
    return this.passkeyDialog.getByRole('button', { name: 'Continue' });
  }
  get passkeyItems(): Locator {
    return this.passkeys.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem');
  }

  // Sessions
  get sessionRows(): Locator {
    return this.sessions.getByTestId('session-row');
  }
  get currentSession(): Locator {
    return this.sessions.locator('[data-testid="session-row"][data-current]');
  }
  get signOutOthers(): Locator {
    return this.sessions.getByRole('button', { name: 'Sign out all other sessions' });
  }

  // Freeze (ADR 035): the card's button opens a dialog that asks for the password.
  get freezeButton(): Locator {
    return this.freeze.getByRole('button', { name: 'Freeze my account' });
  }
  get freezeDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Freeze your account?' });
  }
  get freezePassword(): Locator {
    return this.freezeDialog.getByLabel('Current password', { exact: true });
  }
  get confirmFreeze(): Locator {
    return this.freezeDialog.getByRole('button', { name: /^(Freeze my account|Freezing…)$/ });
  }

  // History (the table on wider screens, cards on phones: both carry the name)
  get historyRows(): Locator {
    return this.history.getByRole('table', { name: 'Sign-in history' }).locator('tbody tr');
  }
}

/** The header bell and its panel. */
export class NotificationsBell {
  constructor(readonly page: Page) {}
  get button(): Locator {
    return this.page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  }
  get panel(): Locator {
    return this.page.getByRole('dialog', { name: 'Notifications' });
  }
  get items(): Locator {
    return this.panel.getByRole('list', { name: 'Latest notifications' }).getByRole('listitem');
  }
}
