/** Who a row is about: name over e-mail. */
export function PersonCell({ name, email }: { name: string; email: string }) {
  return (
    <div className="min-w-0">
      <p className="truncate font-medium text-ink">{name}</p>
      <p className="truncate text-xs text-muted">{email}</p>
    </div>
  );
}
