import { useEffect, useState, type FormEvent } from 'react';
import { toDataURL } from 'qrcode';
import type { TotpSetupResponse } from '@sikka/contracts';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { groupSecret } from '@/features/security/lib/security-text.ts';

/** CSS px of the QR code; drawn at twice that so it stays sharp on phone screens. */
const QR_SIZE = 168;

function SetupQr({ url }: { url: string }) {
  const [qr, setQr] = useState<{ url: string; image: string } | null>(null);
  useEffect(() => {
    let live = true;
    toDataURL(url, { width: QR_SIZE * 2, margin: 1, errorCorrectionLevel: 'M' }).then(
      (image) => {
        if (live) setQr({ url, image });
      },
      // An otpauth URL is ~120 characters, far within a QR code's room.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [url]);
  // White quiet zone whatever the theme: scanners need the contrast.
  return (
    <div
      className="grid size-[168px] shrink-0 place-items-center rounded-xl bg-white p-2"
      data-testid="totp-qr"
    >
      {qr?.url === url ? (
        <img
          src={qr.image}
          alt="QR code to add Sikka to your authenticator app"
          width={QR_SIZE}
          height={QR_SIZE}
          className="size-full"
        />
      ) : (
        <div className="size-full animate-shimmer rounded-lg bg-raised" aria-hidden="true" />
      )}
    </div>
  );
}

/**
 * Step two of turning TOTP on: scan (or type) the new secret into an app, then prove it with
 * the app's current code.
 */
export function TotpSetup({
  setup,
  pending,
  error,
  onCodeChange,
  onEnable,
  onCancel,
}: {
  setup: TotpSetupResponse;
  pending: boolean;
  error: string | undefined;
  onCodeChange(): void;
  onEnable(code: string): void;
  onCancel(): void;
}) {
  const [code, setCode] = useState('');
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onEnable(code.replace(/\s+/g, ''));
  }
  return (
    <div className="space-y-5" data-testid="totp-setup">
      <ol className="space-y-1 text-sm text-muted">
        <li>
          1. Open an authenticator app (Google Authenticator, Microsoft Authenticator, Authy…).
        </li>
        <li>2. Scan this QR code, or type the key below.</li>
        <li>3. Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <SetupQr url={setup.otpauthUrl} />
        <div className="w-full min-w-0 flex-1">
          <p id="totp-secret-label" className="mb-1.5 text-sm font-medium text-ink">
            Setup key
          </p>
          <code
            aria-labelledby="totp-secret-label"
            data-testid="totp-secret"
            data-secret={setup.secret}
            className="block rounded-lg border border-line bg-canvas px-3.5 py-2.5 font-mono text-sm tracking-wider break-words text-ink select-all"
          >
            {groupSecret(setup.secret)}
          </code>
          <p className="mt-1.5 text-xs text-subtle">Time-based, 6 digits, every 30 seconds.</p>
        </div>
      </div>
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Turn on two-factor">
        <TextField
          label="6-digit code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={7}
          placeholder="123456"
          value={code}
          error={error}
          onChange={(e) => {
            setCode(e.target.value);
            onCodeChange();
          }}
          className="max-w-56"
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={pending}>
            {pending ? 'Checking…' : 'Turn on'}
          </Button>
          <Button variant="ghost" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}
