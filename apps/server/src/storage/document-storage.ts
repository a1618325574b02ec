/**
 * Private document storage (DESIGN.md §6). Keys are chosen by the server only
 * (`<userId>/<random uuid>.<ext>`); a user's file name never becomes part of a key.
 */
export interface DocumentStorage {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the object; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** Slash-separated segments of letters, digits, '-' and '_', with an optional extension. */
const KEY_RE = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*(\.[a-z0-9]{1,8})?$/;

export class InvalidStorageKeyError extends Error {}

/** Refuses anything that could climb out of the storage root or name an odd object. */
export function assertValidKey(key: string): void {
  if (key.length > 200 || !KEY_RE.test(key))
    throw new InvalidStorageKeyError(`invalid storage key: ${JSON.stringify(key)}`);
}
