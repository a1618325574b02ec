import { useEffect, useRef, useState } from 'react';
import { Smartphone } from 'lucide-react';
import { toast } from 'sonner';
import {
  messages,
  totpEnableRequestSchema,
  type SecurityOverview,
  type TotpSetupResponse,
} from '@sikka/contracts';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { formatCalendarDate } from '@/lib/format-date.ts';
import { Button } from '@/components/ui/button.tsx';
import { useSetupTotp } from '@/features/security/api/setup-totp.ts';
import { useEnableTotp } from '@/features/security/api/enable-totp.ts';
import { useDisableTotp } from '@/features/security/api/disable-totp.ts';
import { useRegenerateBackupCodes } from '@/features/security/api/regenerate-backup-codes.ts';
import { isCancelledStepUp } from '@/features/security/lib/step-up.ts';
import { BackupCodes } from './backup-codes.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { Pill, SecurityCard } from './security-card.tsx';
import { TotpSetup } from './totp-setup.tsx';

const FAILED = 'Something went wrong. Please try again.';

type Confirming = 'disable' | 'regenerate' | null;

/**
 * TOTP: off → Set up (a new secret) → a code turns it on → the backup codes, once. On: since
 * when, codes left, a new set of codes, turn off. `autoStart` opens the set-up at once (the
 * admin tools send admins here with ?setup=admin).
 */
export function TwoFactorCard({
  totp,
  email,
  autoStart,
}: {
  totp: SecurityOverview['totp'];
  email: string;
  autoStart: boolean;
}) {
  const setupMutation = useSetupTotp();
  const enable = useEnableTotp();
  const disable = useDisableTotp();
  const regenerate = useRegenerateBackupCodes();
  const [setup, setSetup] = useState<TotpSetupResponse | null>(null);
  const [codeError, setCodeError] = useState<string>();
  const [backupCodes, setBackupCodes] = useState<readonly string[] | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [status, setStatus] = useState('');

  function startSetup() {
    setupMutation.mutate(undefined, {
      onSuccess: (answer) => {
        setSetup(answer);
        setCodeError(undefined);
      },
      onError: (err) => toast.error(errorMessage(err, FAILED)),
    });
  }

  // Once per visit: the notice above already says why the set-up opened by itself.
  const autoStarted = useRef(false);
  const { mutate: startMutate } = setupMutation;
  useEffect(() => {
    if (!autoStart || totp.enabled || autoStarted.current) return;
    autoStarted.current = true;
    startMutate(undefined, {
      onSuccess: (answer) => setSetup(answer),
      onError: (err) => toast.error(errorMessage(err, FAILED)),
    });
  }, [autoStart, totp.enabled, startMutate]);

  function onEnable(code: string) {
    const parsed = totpEnableRequestSchema.safeParse({ code });
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message ?? messages.security.appCodeFormat);
      return;
    }
    enable.mutate(parsed.data, {
      onSuccess: ({ backupCodes: codes }) => {
        setSetup(null);
        setBackupCodes(codes);
        setStatus(messages.security.totpEnabled);
        toast.success(messages.security.totpEnabled);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields.code) {
          setCodeError(err.fields.code);
          return;
        }
        if (err instanceof ApiError && err.code === 'invalid_state') {
          // The secret expired or was replaced (another tab): start again.
          setSetup(null);
        }
        toast.error(errorMessage(err, FAILED));
      },
    });
  }

  function onDisable() {
    setConfirming(null);
    disable.mutate(undefined, {
      onSuccess: () => {
        setStatus(messages.security.totpDisabled);
        toast.success(messages.security.totpDisabled);
      },
      onError: (err) => {
        if (!isCancelledStepUp(err)) toast.error(errorMessage(err, FAILED));
      },
    });
  }

  function onRegenerate() {
    setConfirming(null);
    regenerate.mutate(undefined, {
      onSuccess: ({ backupCodes: codes }) => {
        setBackupCodes(codes);
        setStatus('New backup codes made');
      },
      onError: (err) => {
        if (!isCancelledStepUp(err)) toast.error(errorMessage(err, FAILED));
      },
    });
  }

  const on = totp.enabled;
  return (
    <SecurityCard
      title="Two-factor authentication"
      icon={Smartphone}
      aside={on ? <Pill tone="success">On</Pill> : <Pill tone="neutral">Off</Pill>}
      description="A code from an app on your phone, asked at sign-in and before withdrawals."
    >
      {backupCodes ? (
        <BackupCodes codes={backupCodes} email={email} onDone={() => setBackupCodes(null)} />
      ) : setup && !on ? (
        <TotpSetup
          setup={setup}
          pending={enable.isPending}
          error={codeError}
          onCodeChange={() => setCodeError(undefined)}
          onEnable={onEnable}
          onCancel={() => setSetup(null)}
        />
      ) : on ? (
        <div className="space-y-4">
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div className="rounded-lg bg-canvas px-3.5 py-3">
              <dt className="text-muted">Turned on</dt>
              <dd className="mt-0.5 font-semibold text-ink">
                {totp.enabledAt ? formatCalendarDate(totp.enabledAt) : '—'}
              </dd>
            </div>
            <div className="rounded-lg bg-canvas px-3.5 py-3">
              <dt className="text-muted">Backup codes left</dt>
              <dd
                className="mt-0.5 font-semibold tabular-nums text-ink"
                data-testid="backup-codes-left"
              >
                {totp.backupCodesLeft}
              </dd>
            </div>
          </dl>
          {totp.backupCodesLeft <= 3 ? (
            <p className="text-sm text-accent">
              You are running out of backup codes. Make a new set.
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={() => setConfirming('regenerate')}
              disabled={regenerate.isPending}
            >
              {regenerate.isPending ? 'Making codes…' : 'New backup codes'}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="text-down hover:text-down"
              onClick={() => setConfirming('disable')}
              disabled={disable.isPending}
            >
              {disable.isPending ? 'Turning off…' : 'Turn off'}
            </Button>
          </div>
        </div>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-muted">
            Even with your password, nobody can sign in without your phone.
          </p>
          <Button onClick={startSetup} disabled={setupMutation.isPending}>
            {setupMutation.isPending ? 'Starting…' : 'Set up'}
          </Button>
        </div>
      )}
      <p className="sr-only" aria-live="polite">
        {status}
      </p>
      <ConfirmDialog
        open={confirming === 'disable'}
        title="Turn off two-factor authentication?"
        confirmLabel="Turn off"
        onConfirm={onDisable}
        onClose={() => setConfirming(null)}
      >
        Signing in will need only your password, and your backup codes stop working.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'regenerate'}
        title="Make new backup codes?"
        confirmLabel="Make new codes"
        onConfirm={onRegenerate}
        onClose={() => setConfirming(null)}
      >
        Your current backup codes stop working as soon as the new ones are made.
      </ConfirmDialog>
    </SecurityCard>
  );
}
