import { createHmac } from 'node:crypto';
import type { Db, Queryable } from '../db/index.ts';
import { derivedKey, open, seal, type VaultKey } from '../kyc/vault.ts';

/*
 * The numbers of bank accounts users add (ADR 014): the digits are sealed in
 * bank_account_vault; bank_accounts keeps the masked form for every list and a keyed hash
 * for the duplicate check. Only the admin's view of one account or withdrawal opens them.
 */

/** Keeps the last 4 digits; the length stays, as bank apps show it ('XXXXXXXX1234'). */
export const maskAccountNumber = (digits: string): string =>
  'X'.repeat(Math.max(0, digits.length - 4)) + digits.slice(-4);

/** Bound in as associated data: a sealed number opens only as the number of its own account. */
const sealedFor = (accountId: string) => `bank_account:${accountId}`;

/**
 * HMAC-SHA256 of the digits under a key derived from the vault key: equal numbers have equal
 * hashes (bank_accounts_active_key compares them), and without the key no guess can be
 * checked against the table, as it could against a plain hash of so few digits.
 */
export function accountNumberHmac(vault: VaultKey, digits: string): string {
  return createHmac('sha256', derivedKey(vault, 'bank-account-number-hmac'))
    .update(digits, 'utf8')
    .digest('hex');
}

/** The sealed digits of an account, in the transaction that writes its bank_accounts row. */
export async function storeAccountNumber(
  tx: Queryable,
  vault: VaultKey,
  accountId: string,
  digits: string,
): Promise<void> {
  const sealed = seal(vault, sealedFor(accountId), digits);
  await tx.query(
    `INSERT INTO bank_account_vault (bank_account_id, ciphertext, iv, tag, key_version)
     VALUES ($1, $2, $3, $4, $5)`,
    [accountId, sealed.ciphertext, sealed.iv, sealed.tag, sealed.keyVersion],
  );
}

/**
 * The full number of an added account for the admin's view of it, or of a withdrawal to it
 * (`withdrawalId`); reveal_bank_account_number writes the audit row naming the admin. Undefined
 * for a KYC account: the KYC keeps only the masked form (the full one is on its bank statement).
 */
export async function revealAccountNumber(
  db: Queryable,
  vault: VaultKey,
  view: { accountId: string; adminId: string; withdrawalId?: string | undefined },
): Promise<string | undefined> {
  const rows = await db.query<{ ciphertext: Uint8Array; iv: Uint8Array; tag: Uint8Array }>(
    `SELECT ciphertext, iv, tag FROM reveal_bank_account_number($1::uuid, $2::uuid, $3::uuid)`,
    [view.accountId, view.adminId, view.withdrawalId ?? null],
  );
  return rows[0] && open(vault, sealedFor(view.accountId), rows[0]);
}

/**
 * Seals the plain numbers rows written before migration 016 still hold, and clears them: a
 * migration cannot, since the key is not in the database. All in one transaction, so a crash
 * leaves every row as it was; the rows are locked, so a second instance starting at the same
 * time waits and then finds none. With none left it changes nothing: it runs at every start
 * and in db:migrate. Returns how many it sealed.
 */
export async function sealPlainAccountNumbers(db: Db, vault: VaultKey): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ id: string; account_number: string }>(
      `SELECT id, account_number FROM bank_accounts WHERE account_number IS NOT NULL
        ORDER BY id FOR UPDATE`,
    );
    for (const { id, account_number: digits } of rows) {
      await storeAccountNumber(tx, vault, id, digits);
      await tx.query(
        `UPDATE bank_accounts SET account_number = NULL, account_number_hmac = $2 WHERE id = $1`,
        [id, accountNumberHmac(vault, digits)],
      );
    }
    return rows.length;
  });
}
