import { useId } from 'react';
import { clsx } from 'clsx';
import { TextField } from '@/components/ui/text-field.tsx';
import type { BeneficiaryKind } from '@/features/wallet/lib/crypto-withdraw.ts';

const CHOICES: ReadonlyArray<{ value: BeneficiaryKind; label: string; hint: string }> = [
  { value: 'own', label: 'My own wallet', hint: 'A wallet or exchange account in your name' },
  { value: 'third_party', label: "Someone else's wallet", hint: 'A person or business' },
];

/**
 * The travel-rule declaration (FIU-IND's guidance for VDA transfers): whose wallet receives
 * the coins, and the owner's name when it is someone else's.
 */
export function CryptoWithdrawBeneficiary({
  kind,
  name,
  kindError,
  nameError,
  onKind,
  onName,
}: {
  kind: BeneficiaryKind | '';
  name: string;
  kindError?: string;
  nameError?: string;
  onKind(kind: BeneficiaryKind): void;
  onName(name: string): void;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={kindError ? `${id}-error` : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-ink">Whose wallet is this?</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {CHOICES.map((choice) => (
          <label
            key={choice.value}
            className={clsx(
              'flex cursor-pointer items-start gap-2.5 rounded-lg border bg-canvas px-3.5 py-3 transition-colors',
              kind === choice.value
                ? 'border-accent ring-1 ring-accent/40'
                : kindError
                  ? 'border-down'
                  : 'border-line hover:border-line-strong',
            )}
          >
            <input
              type="radio"
              name={`${id}-beneficiary`}
              value={choice.value}
              checked={kind === choice.value}
              onChange={() => onKind(choice.value)}
              className="mt-0.5 size-4 shrink-0 accent-accent"
            />
            <span className="min-w-0">
              <span className="block text-sm font-medium text-ink">{choice.label}</span>
              <span className="block text-xs text-subtle">{choice.hint}</span>
            </span>
          </label>
        ))}
      </div>
      {kindError ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-down" data-field-error="">
          {kindError}
        </p>
      ) : null}
      {kind === 'third_party' ? (
        <TextField
          className="mt-3"
          label="Beneficiary Name"
          name="beneficiaryName"
          autoComplete="off"
          placeholder="Full name of the person or business"
          hint="As on their ID or company registration; required by Indian rules for transfers to others"
          maxLength={100}
          value={name}
          error={nameError}
          onChange={(e) => onName(e.target.value)}
        />
      ) : null}
    </fieldset>
  );
}
