/**
 * A fresh Idempotency-Key for one money request (a deposit or a trade). The server answers a
 * repeated key with the first result, so a retry of the same submission must reuse its key
 * and a new submission must never reuse an old one.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only in secure contexts (https, localhost); a LAN address over plain
  // http still has getRandomValues, which is all a v4 UUID needs.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Keeps one key per submission: the same body gets the same key until `settle()` (the
 * server gave a final answer), so a retry after a network failure cannot execute twice.
 */
export function createSubmissionKeys() {
  let current: { body: string; key: string } | null = null;
  return {
    keyFor(body: unknown): string {
      const serialized = JSON.stringify(body);
      if (current?.body !== serialized) current = { body: serialized, key: newIdempotencyKey() };
      return current.key;
    },
    settle(): void {
      current = null;
    },
  };
}
