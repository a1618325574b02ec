/** "— or —" between two ways of doing one thing (a code or a passkey; a password or a passkey). */
export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-xs tracking-wider text-subtle uppercase">
      <span className="h-px flex-1 bg-line" aria-hidden="true" />
      or
      <span className="h-px flex-1 bg-line" aria-hidden="true" />
    </div>
  );
}
