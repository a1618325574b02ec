import { useState, type FormEvent } from 'react';
import { ShieldCheck } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { useFormFields } from '@/hooks/use-form-fields.ts';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { invalidateSecurity } from '@/features/security/api/invalidate.ts';
import { useSetAntiPhishingCode } from '@/features/security/api/set-anti-phishing-code.ts';
import { isCancelledStepUp, sayFormRefusal } from '@/features/security/lib/step-up.ts';
import {
  ANTI_PHISHING_FIELDS,
  antiPhishingRequest,
  EMPTY_ANTI_PHISHING,
  validateAntiPhishingCode,
} from '@/features/security/lib/anti-phishing-validation.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { Pill, SecurityCard } from './security-card.tsx';

const SET_FAILED = 'The code could not be saved. Please try again.';
const REMOVE_FAILED = 'The code could not be removed. Please try again.';

/**
 * The anti-phishing code (ADR 034): a word the user picks that every mail from Sikka shows at
 * its top. None: a box to set one. Set: the code, a new one in its place, or removal (asked
 * first). Each change asks for the second factor when it is on (the app's prompt).
 */
export function AntiPhishingCard({ code }: { code: string | null }) {
  const queryClient = useQueryClient();
  const save = useSetAntiPhishingCode();
  const form = useFormFields({ empty: EMPTY_ANTI_PHISHING, validate: validateAntiPhishingCode });
  const [changing, setChanging] = useState(false);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const [status, setStatus] = useState('');
  const editing = code === null || changing;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setStatus('');
    if (!form.check()) return;
    save.mutate(antiPhishingRequest(form.values), {
      onSuccess: ({ message }) => {
        form.reset();
        setChanging(false);
        setStatus(message);
        toast.success(message);
      },
      onError: (err) =>
        sayFormRefusal(
          err,
          ANTI_PHISHING_FIELDS,
          (found) => form.setErrors((prev) => ({ ...prev, ...found })),
          SET_FAILED,
        ),
    });
  }

  function onRemove() {
    setConfirmingRemove(false);
    setStatus('');
    save.mutate(
      { code: null },
      {
        onSuccess: ({ message }) => {
          setStatus(message);
          toast.success(message);
        },
        onError: (err) => {
          if (isCancelledStepUp(err)) return;
          toast.error(errorMessage(err, REMOVE_FAILED));
          // Removed meanwhile (in another tab): show the card as it is now.
          if (err instanceof ApiError && err.code === 'invalid_state') {
            void invalidateSecurity(queryClient);
          }
        },
      },
    );
  }

  function cancelChange() {
    form.reset();
    setChanging(false);
  }

  return (
    <SecurityCard
      title="Anti-phishing code"
      icon={ShieldCheck}
      aside={code === null ? <Pill tone="neutral">Not set</Pill> : <Pill tone="success">On</Pill>}
      description="Every email from Sikka shows this code at the top. An email that claims to be from Sikka without it is not from us: do not click its links."
    >
      {code !== null && !changing ? (
        <div className="space-y-4">
          <div className="rounded-lg bg-canvas px-3.5 py-3 text-sm">
            <p className="text-muted">Your code</p>
            <p
              className="mt-0.5 font-mono text-base font-semibold tracking-wide break-all text-ink"
              data-testid="anti-phishing-code"
            >
              {code}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={() => setChanging(true)}
              disabled={save.isPending}
            >
              Change
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="text-down hover:text-down"
              onClick={() => setConfirmingRemove(true)}
              disabled={save.isPending}
            >
              {save.isPending ? 'Removing…' : 'Remove'}
            </Button>
          </div>
        </div>
      ) : null}
      {editing ? (
        <form
          noValidate
          onSubmit={onSubmit}
          className="space-y-4"
          aria-label={code === null ? 'Set anti-phishing code' : 'Change anti-phishing code'}
        >
          <TextField
            label="Anti-phishing code"
            hint="4 to 20 letters and digits that a stranger could not guess."
            maxLength={20}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            // Opened by "Change": the box the person asked for takes the keyboard.
            autoFocus={changing}
            className="[&_input]:font-mono"
            {...form.field('code')}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Set code'}
            </Button>
            {changing ? (
              <Button variant="outline" onClick={cancelChange} disabled={save.isPending}>
                Cancel
              </Button>
            ) : null}
          </div>
        </form>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {status}
      </p>
      <ConfirmDialog
        open={confirmingRemove}
        title="Remove your anti-phishing code?"
        confirmLabel="Remove"
        onConfirm={onRemove}
        onClose={() => setConfirmingRemove(false)}
      >
        Emails from Sikka will no longer show a code, so a fake one is harder to tell apart. You can
        set a new code at any time.
      </ConfirmDialog>
    </SecurityCard>
  );
}
