import { useState, type FormEvent } from 'react';
import { Fingerprint, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { browserSupportsWebAuthn, WebAuthnError } from '@simplewebauthn/browser';
import { messages, type Passkey } from '@sikka/contracts';
import { errorMessage } from '@/lib/api-client.ts';
import { serverFieldErrors } from '@/lib/form-errors.ts';
import { useFormFields } from '@/hooks/use-form-fields.ts';
import { formatDate } from '@/lib/format-date.ts';
import { Button } from '@/components/ui/button.tsx';
import { DialogSheet } from '@/components/ui/dialog-sheet.tsx';
import { PasswordField } from '@/components/ui/password-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useAddPasskey } from '@/features/security/api/add-passkey.ts';
import { useRemovePasskey } from '@/features/security/api/remove-passkey.ts';
import {
  ADD_PASSKEY_FIELDS,
  EMPTY_ADD_PASSKEY,
  validateAddPasskey,
} from '@/features/security/lib/passkey-validation.ts';
import { isCancelledStepUp } from '@/features/security/lib/step-up.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { SecurityCard } from './security-card.tsx';

const ADD_FAILED = 'The passkey could not be added. Please try again.';
const REMOVE_FAILED = 'The passkey could not be removed. Please try again.';

/** What went wrong in the browser's part of the ceremony, in words, or null to say nothing. */
function ceremonyMessage(err: unknown): string | null {
  if (!(err instanceof WebAuthnError) && !(err instanceof DOMException)) return null;
  const code = err instanceof WebAuthnError ? err.code : '';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || err.name === 'InvalidStateError')
    return 'This device already has a passkey for your account.';
  if (err.name === 'NotAllowedError' || code === 'ERROR_CEREMONY_ABORTED')
    return 'No passkey was made: the request was cancelled or timed out.';
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID')
    return messages.security.passkeyNeedsName;
  return ADD_FAILED;
}

/** A default name the user can keep: the browser and system this passkey lives on. */
function suggestedName(): string {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Chrome\//.test(ua)
      ? 'Chrome'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iPhone'
      : /Mac OS X/.test(ua)
        ? 'Mac'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return system ? `${browser} on ${system}` : browser;
}

function AddPasskeyDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const add = useAddPasskey();
  const form = useFormFields({
    empty: { ...EMPTY_ADD_PASSKEY, name: suggestedName() },
    validate: validateAddPasskey,
  });

  function close() {
    form.reset({ ...EMPTY_ADD_PASSKEY, name: suggestedName() });
    onClose();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.check()) return;
    add.mutate(
      { name: form.values.name.trim(), currentPassword: form.values.currentPassword },
      {
        onSuccess: (passkey) => {
          toast.success(`Passkey “${passkey.name}” added`);
          close();
        },
        onError: (err) => {
          if (isCancelledStepUp(err)) return;
          const found = serverFieldErrors(err, ADD_PASSKEY_FIELDS);
          if (Object.keys(found).length > 0) {
            form.setErrors((prev) => ({ ...prev, ...found }));
            return;
          }
          const said = ceremonyMessage(err);
          toast.error(said ?? errorMessage(err, ADD_FAILED));
        },
      },
    );
  }

  return (
    <DialogSheet
      open={open}
      onClose={close}
      busy={add.isPending}
      title="Add a passkey"
      description="Your device will ask for your fingerprint, face or screen lock."
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Add a passkey">
        <TextField
          label="Passkey name"
          placeholder="e.g. My laptop"
          hint="So you can tell your passkeys apart."
          maxLength={60}
          {...form.field('name')}
          name="passkeyName"
        />
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          hint="A passkey signs in without your password, so we ask for it first."
          {...form.field('currentPassword')}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Waiting for your device…' : 'Continue'}
          </Button>
        </div>
      </form>
    </DialogSheet>
  );
}

/** The user's passkeys (sign-in without a password), to add or remove. */
export function PasskeysCard({ passkeys }: { passkeys: readonly Passkey[] }) {
  const [supported] = useState(() => browserSupportsWebAuthn());
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const remove = useRemovePasskey();

  function onRemove(passkey: Passkey) {
    setRemoving(null);
    remove.mutate(passkey.id, {
      onSuccess: () => toast.success(`Passkey “${passkey.name}” removed`),
      onError: (err) => {
        if (!isCancelledStepUp(err)) toast.error(errorMessage(err, REMOVE_FAILED));
      },
    });
  }

  return (
    <SecurityCard
      title="Passkeys"
      icon={Fingerprint}
      description="Sign in with your fingerprint, face or screen lock instead of a password."
    >
      {passkeys.length === 0 ? (
        <p className="rounded-lg bg-canvas px-3.5 py-3 text-sm text-muted">No passkeys yet.</p>
      ) : (
        <ul aria-label="Your passkeys" className="divide-y divide-line">
          {passkeys.map((p) => (
            <li key={p.id} className="flex items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="truncate font-medium text-ink" title={p.name}>
                  {p.name}
                </p>
                <p className="text-xs text-subtle">
                  Added {formatDate(p.createdAt)} · Last used{' '}
                  {p.lastUsedAt ? formatDate(p.lastUsedAt) : 'never'}
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove passkey ${p.name}`}
                disabled={remove.isPending && remove.variables === p.id}
                onClick={() => setRemoving(p)}
              >
                <Trash2 className="size-4" aria-hidden="true" />
                <span className="hidden sm:inline">Remove</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4">
        {supported ? (
          <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
            <Plus className="size-4" aria-hidden="true" />
            Add a passkey
          </Button>
        ) : (
          <p role="note" className="text-sm text-muted">
            This browser does not support passkeys. Try a recent Chrome, Edge, Safari or Firefox.
          </p>
        )}
      </div>
      {/* Mounted per opening, so the name and any error start fresh each time. */}
      {adding ? <AddPasskeyDialog open onClose={() => setAdding(false)} /> : null}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this passkey?"
        confirmLabel="Remove"
        onConfirm={() => removing && onRemove(removing)}
        onClose={() => setRemoving(null)}
      >
        “{removing?.name}” will no longer sign you in. You can add it again later.
      </ConfirmDialog>
    </SecurityCard>
  );
}
