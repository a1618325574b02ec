import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@sikka/contracts';
import { availableDrivers } from '../../../test/support/databases.ts';
import { logInAdmin, signUp, startTestApp, type TestApp } from '../../../test/support/app.ts';
import { KEY_FILE, loadVaultKey, openAadhaar } from '../src/kyc/vault.ts';
import {
  kycFormData,
  submitKyc,
  validAadhaar,
  validParts,
} from '../../../test/support/kyc-fixtures.ts';

const REQUIRED_IN_SPEC_ORDER = [
  'Aadhar number is required',
  'Aadhar front image is required',
  'Aadhar back image is required',
  'PAN number is required',
  'PAN card image is required',
  'Selfie is required',
  'Bank account number is required',
  'IFSC code is required',
  'Bank name is required',
  'Bank statement is required',
];

describe.each(availableDrivers())('individual KYC submission on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(() => t.close());

  const userRow = async (id: string) =>
    (await t.app.db.query<Record<string, unknown>>('SELECT * FROM users WHERE id = $1', [id]))[0]!;

  it('reports all ten missing items at once, word for word, one per line', async () => {
    const u = await signUp(t.app);
    const res = await submitKyc(t.app, u.cookie, kycFormData({ type: 'individual' }));
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('validation_error');
    expect(error.message).toBe(REQUIRED_IN_SPEC_ORDER.join('\n'));
    expect(error.fields).toEqual({
      aadharNumber: 'Aadhar number is required',
      aadharFront: 'Aadhar front image is required',
      aadharBack: 'Aadhar back image is required',
      panNumber: 'PAN number is required',
      panFront: 'PAN card image is required',
      selfie: 'Selfie is required',
      accountNumber: 'Bank account number is required',
      ifscCode: 'IFSC code is required',
      bankName: 'Bank name is required',
      bankStatement: 'Bank statement is required',
    });
    expect(Object.values(messages.kyc.required)).toEqual(REQUIRED_IN_SPEC_ORDER);
    expect((await userRow(u.id)).kyc_status).toBe('pending');
  });

  it('treats blank text and empty file inputs as missing', async () => {
    const u = await signUp(t.app);
    const parts = await validParts();
    const res = await submitKyc(
      t.app,
      u.cookie,
      kycFormData({ ...parts, bankName: '   ', ifscCode: '', selfie: Buffer.alloc(0) }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      selfie: 'Selfie is required',
      ifscCode: 'IFSC code is required',
      bankName: 'Bank name is required',
    });
    expect(res.json().error.message).toBe(
      'Selfie is required\nIFSC code is required\nBank name is required',
    );
  });

  it('refuses corporate KYC with a clear message, and an unknown type', async () => {
    const u = await signUp(t.app);
    const corp = await submitKyc(
      t.app,
      u.cookie,
      kycFormData({ ...(await validParts()), type: 'corporate' }),
    );
    expect(corp.statusCode).toBe(400);
    expect(corp.json().error).toEqual({
      code: 'validation_error',
      message: messages.kyc.corporateUnavailable,
      fields: { type: messages.kyc.corporateUnavailable },
    });
    const odd = await submitKyc(
      t.app,
      u.cookie,
      kycFormData({ ...(await validParts()), type: 'company' }),
    );
    expect(odd.statusCode).toBe(400);
    expect(odd.json().error.fields).toEqual({ type: messages.kyc.typeInvalid });
    expect((await userRow(u.id)).kyc_status).toBe('pending');
  });

  it('checks Aadhaar (12 digits, not 0/1 first, Verhoeff), PAN, IFSC, account and bank name', async () => {
    const u = await signUp(t.app);
    const parts = await validParts();
    const good = validAadhaar(123456789);
    const badCheck = good.slice(0, 11) + String((Number(good[11]) + 1) % 10);
    const cases: Array<[Partial<typeof parts>, Record<string, string>]> = [
      [{ aadharNumber: '12345' }, { aadharNumber: messages.kyc.aadharFormat }],
      [{ aadharNumber: '1' + good.slice(1) }, { aadharNumber: messages.kyc.aadharFormat }],
      [{ aadharNumber: '0' + good.slice(1) }, { aadharNumber: messages.kyc.aadharFormat }],
      [{ aadharNumber: badCheck }, { aadharNumber: messages.kyc.aadharChecksum }],
      [{ aadharNumber: '2341 2341 234a' }, { aadharNumber: messages.kyc.aadharFormat }],
      [{ panNumber: 'ABCD1234F' }, { panNumber: messages.kyc.panFormat }],
      [{ panNumber: '12345ABCDE' }, { panNumber: messages.kyc.panFormat }],
      [{ ifscCode: 'SBIN1001234' }, { ifscCode: messages.kyc.ifscFormat }],
      [{ ifscCode: 'SBI00012345' }, { ifscCode: messages.kyc.ifscFormat }],
      [{ accountNumber: '12345678' }, { accountNumber: messages.kyc.accountNumberFormat }],
      [
        { accountNumber: '1234567890123456789' },
        { accountNumber: messages.kyc.accountNumberFormat },
      ],
      [{ accountNumber: '12345678901A' }, { accountNumber: messages.kyc.accountNumberFormat }],
      [{ bankName: 'X' }, { bankName: messages.kyc.bankNameLength }],
      [{ bankName: 'B'.repeat(101) }, { bankName: messages.kyc.bankNameLength }],
    ];
    for (const [change, fields] of cases) {
      const res = await submitKyc(t.app, u.cookie, kycFormData({ ...parts, ...change }));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().error.fields, JSON.stringify(change)).toEqual(fields);
    }
    expect((await userRow(u.id)).kyc_status).toBe('pending');
    const stored = await t.app.db.query('SELECT 1 FROM kyc_vault WHERE user_id = $1', [u.id]);
    expect(stored).toHaveLength(0);
  });

  it('moves pending → submitted, masks the numbers and normalises PAN and IFSC', async () => {
    const u = await signUp(t.app);
    const parts = await validParts();
    const aadhaar = validAadhaar(987654321);
    const spaced = `${aadhaar.slice(0, 4)} ${aadhaar.slice(4, 8)} ${aadhaar.slice(8)}`;
    const before = Date.now();
    const res = await submitKyc(
      t.app,
      u.cookie,
      kycFormData({
        ...parts,
        aadharNumber: spaced,
        panNumber: ` ${parts.panNumber.toLowerCase()} `,
        ifscCode: 'hdfc0abc123',
        accountNumber: '0012 3456 7890 12',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const user = res.json().user;
    expect(user).toMatchObject({
      id: u.id,
      kycStatus: 'submitted',
      kycType: 'individual',
      kycDocumentType: 'aadhaar',
      kycDocumentNumber: `XXXX XXXX ${aadhaar.slice(-4)}`,
      kycRejectedReason: null,
      kycVerifiedAt: null,
      bankName: 'State Bank of India',
      bankIfscCode: 'HDFC0ABC123',
      bankAccountNumber: 'XXXXXXXXXX9012',
    });
    expect(user.documents.sort()).toEqual([
      'aadharBack',
      'aadharFront',
      'bankStatement',
      'panFront',
      'selfie',
    ]);
    expect(Date.parse(user.kycSubmittedAt)).toBeGreaterThanOrEqual(before - 1000);
    // No storage key or full number reaches the client.
    expect(JSON.stringify(user)).not.toMatch(/\.jpg|\.pdf|kyc_front_url/);
    expect(JSON.stringify(user)).not.toContain(aadhaar);

    const row = await userRow(u.id);
    expect(row.pan_number).toBe(parts.panNumber);
    expect(row.kyc_front_url).toMatch(new RegExp(`^${u.id}/[0-9a-f-]{36}\\.jpg$`));
    expect(row.bank_statement_url).toMatch(new RegExp(`^${u.id}/[0-9a-f-]{36}\\.pdf$`));

    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: u.cookie } });
    expect(me.json().user.kycStatus).toBe('submitted');
  });

  it('keeps the full Aadhaar only as AES-256-GCM ciphertext in kyc_vault, decryptable with the key', async () => {
    const u = await signUp(t.app);
    const aadhaar = validAadhaar(555000111);
    const res = await submitKyc(
      t.app,
      u.cookie,
      kycFormData({ ...(await validParts()), aadharNumber: aadhaar }),
    );
    expect(res.statusCode, res.body).toBe(200);

    // Every column of every table, as text: the number appears nowhere in the clear.
    const tables = await t.app.db.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
    );
    expect(tables.map((x) => x.name)).toContain('kyc_vault');
    for (const { name } of tables) {
      const rows = await t.app.db.query<{ j: string }>(
        `SELECT row_to_json(x)::text AS j FROM "${name}" x`,
      );
      for (const { j } of rows) {
        expect(j, name).not.toContain(aadhaar);
        expect(j, name).not.toContain(`${aadhaar.slice(0, 4)} ${aadhaar.slice(4, 8)}`);
      }
    }

    const vault = await t.app.db.query<{
      ciphertext: Uint8Array;
      iv: Uint8Array;
      tag: Uint8Array;
      key_version: string;
    }>('SELECT ciphertext, iv, tag, key_version FROM kyc_vault WHERE user_id = $1', [u.id]);
    expect(vault).toHaveLength(1);
    const sealed = vault[0]!;
    expect(Buffer.from(sealed.iv)).toHaveLength(12);
    expect(Buffer.from(sealed.tag)).toHaveLength(16);
    // No KYC_ENCRYPTION_KEY here: the key was generated into DATA_DIR (0600) and is reused.
    const keyFile = path.join(t.dataDir, KEY_FILE);
    expect((await import('node:fs')).statSync(keyFile).mode & 0o777).toBe(0o600);
    const key = await loadVaultKey({ DATA_DIR: t.dataDir, KYC_ENCRYPTION_KEY: undefined });
    expect(key.key.toString('hex')).toBe((await readFile(keyFile, 'utf8')).trim());
    expect(sealed.key_version).toBe(key.version);
    expect(openAadhaar(key, u.id, sealed)).toBe(aadhaar);
    // Bound to the user: the same record does not open for another user id.
    expect(() => openAadhaar(key, crypto.randomUUID(), sealed)).toThrow();
  });

  it('allows re-submission only after a rejection, replacing the record and keeping the old documents', async () => {
    const u = await signUp(t.app);
    const first = await submitKyc(t.app, u.cookie, kycFormData(await validParts()));
    expect(first.statusCode).toBe(200);
    const again = await submitKyc(t.app, u.cookie, kycFormData(await validParts()));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'invalid_state',
      message: messages.kyc.alreadySubmitted,
    });

    const oldRow = await userRow(u.id);
    const oldFile = path.join(t.dataDir, 'documents', String(oldRow.kyc_front_url));
    await expect(readFile(oldFile)).resolves.toBeInstanceOf(Buffer);

    const admin = await logInAdmin(t.app);
    const reject = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${u.id}/kyc`,
      headers: { cookie: admin },
      payload: {
        decision: 'reject',
        reason: 'PAN card image is blurred',
        submittedAt: first.json().user.kycSubmittedAt,
      },
    });
    expect(reject.statusCode).toBe(200);

    const aadhaar = validAadhaar(42424242);
    const resubmit = await submitKyc(
      t.app,
      u.cookie,
      kycFormData({ ...(await validParts()), aadharNumber: aadhaar }),
    );
    expect(resubmit.statusCode, resubmit.body).toBe(200);
    expect(resubmit.json().user).toMatchObject({
      kycStatus: 'submitted',
      kycRejectedReason: null,
      kycDocumentNumber: `XXXX XXXX ${aadhaar.slice(-4)}`,
    });
    const newRow = await userRow(u.id);
    expect(newRow.kyc_front_url).not.toBe(oldRow.kyc_front_url);
    // Kept as a record of the rejected attempt (ADR 041); kyc-submission-history.test.ts.
    await expect(readFile(oldFile)).resolves.toBeInstanceOf(Buffer);
    const vault = await t.app.db.query('SELECT 1 FROM kyc_vault WHERE user_id = $1', [u.id]);
    expect(vault).toHaveLength(1);

    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${u.id}/kyc`,
      headers: { cookie: admin },
      payload: { decision: 'approve', submittedAt: resubmit.json().user.kycSubmittedAt },
    });
    expect(approve.statusCode).toBe(200);
    const verified = await submitKyc(t.app, u.cookie, kycFormData(await validParts()));
    expect(verified.statusCode).toBe(409);
    expect(verified.json().error).toEqual({
      code: 'invalid_state',
      message: messages.kyc.alreadyVerified,
    });
  });

  it('refuses signed-out callers and non-multipart bodies', async () => {
    const anon = await submitKyc(t.app, undefined, kycFormData(await validParts()));
    expect(anon.statusCode).toBe(401);
    const u = await signUp(t.app);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/kyc',
      headers: { cookie: u.cookie },
      payload: { type: 'individual' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().error.message).toBe(messages.kyc.multipartRequired);
  });

  it('bounds submissions per user: 20 in 10 minutes, then 429', async () => {
    const u = await signUp(t.app);
    const other = await signUp(t.app);
    for (let i = 0; i < 20; i += 1) {
      const res = await submitKyc(t.app, u.cookie, kycFormData({ type: 'individual' }));
      expect(res.statusCode).toBe(400);
    }
    const limited = await submitKyc(t.app, u.cookie, kycFormData({ type: 'individual' }));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    // Per user, not per address: another account from the same IP is unaffected.
    const fine = await submitKyc(t.app, other.cookie, kycFormData({ type: 'individual' }));
    expect(fine.statusCode).toBe(400);
  });

  it('refuses a multipart upload from another site', async () => {
    const u = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/kyc',
      headers: { cookie: u.cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: kycFormData(await validParts()),
    });
    expect(res.statusCode).toBe(403);
    expect((await userRow(u.id)).kyc_status).toBe('pending');
  });
});
