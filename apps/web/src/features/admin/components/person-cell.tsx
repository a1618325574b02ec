/** Who a row is about: name over e-mail. */
export function PersonCell({ name, email }: { name: string; email: string }) {
  return (
    <div className="min-w-0">
      <p className="truncate font-medium text-ink">{name}</p>
      <p className="truncate text-xs text-muted">{email}</p>
    </div>
  );
}

/** The user a request or trade is from: its list's User column and its phone card's title. */
export function UserCell({ row }: { row: { user: { fullName: string; email: string } } }) {
  return <PersonCell name={row.user.fullName} email={row.user.email} />;
}
