import { TextField } from '@/components/ui/text-field.tsx';

/**
 * The one field a second-factor code is typed into (the sign-in step and the "Confirm it's you"
 * dialog): a 6-digit app code or a backup code, focused, with its error read out when it appears.
 */
export function SecondFactorCodeField({
  value,
  error,
  hint,
  onChange,
}: {
  value: string;
  error: string | undefined;
  hint?: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <TextField
        label="Authentication code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        placeholder="123456"
        maxLength={32}
        autoFocus
        {...(hint ? { hint } : {})}
        error={error}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="[&_input]:font-mono [&_input]:tracking-widest"
      />
      {/* The field's message, read out when it appears (the note under the field is not live). */}
      <p className="sr-only" aria-live="polite">
        {error}
      </p>
    </>
  );
}
