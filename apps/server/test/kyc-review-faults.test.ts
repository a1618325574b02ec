import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { PDFDict, PDFDocument, PDFName } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KYC_SUBMISSION_CHANGED,
  kycIdentityMessages,
  messages,
  panNumberSchema,
} from '@sikka/contracts';
import type { Db } from '../src/db/index.ts';
import { migrate } from '../src/db/migrate.ts';
import { checkPdf } from '../src/kyc/pdf.ts';
import { identityViolation, indexExistingAadhaars } from '../src/kyc/identity.ts';
import { sealAadhaar, storeSealedAadhaar } from '../src/kyc/vault.ts';
import { DomainError } from '../src/domain-error.ts';
import { availableDrivers, databaseUpTo } from '../../../test/support/databases.ts';
import { logInAdmin, signUp, startTestApp, type TestApp } from '../../../test/support/app.ts';
import {
  kycFormData,
  pdf,
  submitKyc,
  validAadhaar,
  validPan,
  validParts,
} from '../../../test/support/kyc-fixtures.ts';

/**
 * Four faults a review of the KYC flow found (ADR 039 for the uniqueness decision): a PDF
 * object header the scan could not see, one identity verifying many accounts, an admin's
 * decision landing on a submission nobody reviewed, and company PANs passing individual KYC.
 */

const JS_ACTION = '<< /S /JavaScript /JS (app.alert\\(1\\)) >>';

describe('fault 1: a PDF object written `5 0obj`', () => {
  // No gap between the generation number and `obj`: readers take it as object 5.
  const hidden = pdf({
    catalogExtra: '/OpenAction 5 0 R',
    raw: `5 0obj ${JS_ACTION} endobj\n`,
  });

  it('is an object to the PDF library the project itself uses: the statement runs a script', async () => {
    const doc = await PDFDocument.load(hidden, { updateMetadata: false });
    const action = doc.catalog.lookup(PDFName.of('OpenAction'));
    expect(action).toBeInstanceOf(PDFDict);
    expect((action as PDFDict).get(PDFName.of('S'))).toBe(PDFName.of('JavaScript'));
  });

  it('is refused with the active-content message, as is a comment or NUL before obj', async () => {
    expect(await checkPdf(hidden)).toEqual({ ok: false, message: messages.kyc.pdfActiveContent });
    for (const gap of ['\0', '%x\n', '\n']) {
      const file = pdf({
        catalogExtra: '/OpenAction 5 0 R',
        raw: `5\n0${gap}obj${JS_ACTION}endobj\n`,
      });
      expect(await checkPdf(file)).toEqual({
        ok: false,
        message: messages.kyc.pdfActiveContent,
      });
    }
  });

  it('refuses an object only the PDF library finds (the two parsers disagree)', async () => {
    // `objs` is no `obj` keyword to the scan; pdf-lib still takes `5 0 obj` and keeps object 5.
    const file = pdf({
      catalogExtra: '/OpenAction 5 0 R',
      raw: `5 0 objs ${JS_ACTION} endobj\n`,
    });
    expect(await checkPdf(file)).toEqual({ ok: false, message: messages.kyc.pdfUnreadable });
  });

  it('still accepts plain statements, including pdf-lib’s own compressed output', async () => {
    expect((await checkPdf(pdf())).ok).toBe(true);
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.addPage().drawText('Statement of account: 1 Apr - 30 Sep');
    const compressed = Buffer.from(await doc.save({ useObjectStreams: true }));
    expect(compressed.includes('/ObjStm')).toBe(true);
    expect(await checkPdf(compressed)).toEqual({ ok: true, data: compressed });
  });
});

describe('fault 4: a company PAN in individual KYC', () => {
  it('takes only PANs whose fourth letter is P (a person), with the format message', () => {
    expect(panNumberSchema.parse('ABCPE1234K')).toBe('ABCPE1234K');
    for (const holder of 'ABCFGHJLT') {
      const result = panNumberSchema.safeParse(`AAA${holder}R1234K`);
      expect(result.success, holder).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(messages.kyc.panFormat);
    }
  });
});

describe.each(availableDrivers())('KYC review faults on %s', (driver) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(driver);
    admin = await logInAdmin(t.app);
  });
  afterAll(() => t.close());

  const decide = (userId: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${userId}/kyc`,
      headers: { cookie: admin },
      payload,
    });
  const statusOf = async (userId: string) =>
    (
      await t.app.db.query<{ kyc_status: string }>('SELECT kyc_status FROM users WHERE id = $1', [
        userId,
      ])
    )[0]!.kyc_status;
  type Identity = { pan?: string; aadhaar?: string };
  /** A complete submission with these identity numbers (random ones otherwise). */
  const form = async (identity: Identity) => {
    const parts = await validParts();
    return kycFormData({
      ...parts,
      panNumber: identity.pan ?? parts.panNumber,
      aadharNumber: identity.aadhaar ?? parts.aadharNumber,
    });
  };
  const resubmit = async (cookie: string, identity: Identity) =>
    submitKyc(t.app, cookie, await form(identity));
  /** The kycSubmittedAt a submission answered with: what the admin's decision names. */
  const shown = (res: { json(): { user: { kycSubmittedAt: string } } }) =>
    res.json().user.kycSubmittedAt;
  /** Signs a new user up and submits for them. */
  const newSubmission = async (identity: Identity = {}) => {
    const user = await signUp(t.app);
    return { user, res: await resubmit(user.cookie, identity) };
  };

  describe('fault 4 over HTTP', () => {
    it('refuses a company PAN (AAACR1234K) with 400 under the PAN field', async () => {
      const { user, res } = await newSubmission({ pan: 'AAACR1234K' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ panNumber: messages.kyc.panFormat });
      expect(await statusOf(user.id)).toBe('pending');
    });
  });

  describe('fault 2: one PAN and one Aadhaar per account', () => {
    it('refuses a PAN another account submitted, with 409 under the field, storing nothing', async () => {
      const pan = validPan();
      const first = await newSubmission({ pan });
      expect(first.res.statusCode, first.res.body).toBe(200);

      // Typed in lower case and with blanks: the same PAN.
      const second = await newSubmission({ pan: ` ${pan.toLowerCase()} ` });
      expect(second.res.statusCode).toBe(409);
      expect(second.res.json().error).toEqual({
        code: 'invalid_state',
        message: kycIdentityMessages.panTaken,
        fields: { panNumber: kycIdentityMessages.panTaken },
      });
      expect(await statusOf(second.user.id)).toBe('pending');
      const stored = await readdir(path.join(t.dataDir, 'documents', second.user.id)).catch(
        () => [],
      );
      expect(stored).toEqual([]);
    });

    it('refuses an Aadhaar another account verified, and names both fields when both are taken', async () => {
      const pan = validPan();
      const aadhaar = validAadhaar();
      const first = await newSubmission({ pan, aadhaar });
      expect(first.res.statusCode).toBe(200);
      const approve = { decision: 'approve', submittedAt: shown(first.res) };
      expect((await decide(first.user.id, approve)).statusCode).toBe(200);

      const sameAadhaar = await newSubmission({ aadhaar });
      expect(sameAadhaar.res.statusCode).toBe(409);
      expect(sameAadhaar.res.json().error.fields).toEqual({
        aadharNumber: kycIdentityMessages.aadhaarTaken,
      });
      const both = await newSubmission({ pan, aadhaar });
      expect(both.res.statusCode).toBe(409);
      expect(both.res.json().error.fields).toEqual({
        aadharNumber: kycIdentityMessages.aadhaarTaken,
        panNumber: kycIdentityMessages.panTaken,
      });
    });

    it('lets a rejected submission go: the same person resubmits, or another account takes it', async () => {
      const pan = validPan();
      const aadhaar = validAadhaar();
      const a = await newSubmission({ pan, aadhaar });
      expect(a.res.statusCode).toBe(200);
      const reject = (submittedAt: string) => ({
        decision: 'reject',
        reason: 'Selfie does not match',
        submittedAt,
      });
      expect((await decide(a.user.id, reject(shown(a.res)))).statusCode).toBe(200);
      // The same person, corrected: their own rejected record does not block them.
      const corrected = await resubmit(a.user.cookie, { pan, aadhaar });
      expect(corrected.statusCode).toBe(200);
      expect((await decide(a.user.id, reject(shown(corrected)))).statusCode).toBe(200);

      // After the rejection another account may use it, and then holds it.
      const b = await newSubmission({ pan, aadhaar });
      expect(b.res.statusCode, b.res.body).toBe(200);
      const again = await resubmit(a.user.cookie, { pan });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.fields).toEqual({ panNumber: kycIdentityMessages.panTaken });
    });

    it('lets exactly one of two accounts submitting one PAN at once through', async () => {
      const pan = validPan();
      const [x, y] = [await signUp(t.app), await signUp(t.app)];
      const [fx, fy] = [await form({ pan }), await form({ pan })];
      const results = await Promise.all([
        submitKyc(t.app, x.cookie, fx),
        submitKyc(t.app, y.cookie, fy),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const refused = results.find((r) => r.statusCode === 409)!;
      expect(refused.json().error.fields).toEqual({ panNumber: kycIdentityMessages.panTaken });
    });

    it('is decided by the unique index, whose violation reads as the form message', async () => {
      const pan = validPan();
      const first = await newSubmission({ pan });
      expect(first.res.statusCode).toBe(200);
      const other = await signUp(t.app);
      // What a submission racing past the look-up would write.
      const err: unknown = await t.app.db
        .query(`UPDATE users SET kyc_status = 'submitted', pan_number = $2 WHERE id = $1`, [
          other.id,
          pan,
        ])
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      const translated = identityViolation(err);
      expect(translated).toBeInstanceOf(DomainError);
      expect(translated).toMatchObject({
        code: 'invalid_state',
        fields: { panNumber: kycIdentityMessages.panTaken },
      });
    });

    it('indexes the Aadhaar of accounts that submitted before the index; a shared one is flagged', async () => {
      const aadhaar = validAadhaar();
      const verified = await newSubmission({ aadhaar });
      expect(verified.res.statusCode).toBe(200);
      const approve = { decision: 'approve', submittedAt: shown(verified.res) };
      expect((await decide(verified.user.id, approve)).statusCode).toBe(200);
      // As migration 038 leaves them: the vault holds the number, the index value is empty.
      // A second, later account with the same Aadhaar (allowed before uniqueness).
      const later = await signUp(t.app);
      await t.app.db.query(
        `UPDATE users SET kyc_status = 'submitted', kyc_submitted_at = now() WHERE id = $1`,
        [later.id],
      );
      await storeSealedAadhaar(t.app.db, later.id, sealAadhaar(t.app.vault, later.id, aadhaar));
      await t.app.db.query('UPDATE users SET aadhaar_hmac = NULL WHERE id = $1', [
        verified.user.id,
      ]);
      const filled = await indexExistingAadhaars(t.app.db, t.app.vault, t.app.log);
      expect(filled).toBeGreaterThanOrEqual(2);
      const rows = await t.app.db.query<{
        id: string;
        has: boolean;
        kyc_aadhaar_legacy_duplicate: boolean;
      }>(
        `SELECT id, aadhaar_hmac IS NOT NULL AS has, kyc_aadhaar_legacy_duplicate
           FROM users WHERE id = ANY($1::uuid[])`,
        [[verified.user.id, later.id]],
      );
      expect(
        Object.fromEntries(rows.map((r) => [r.id, [r.has, r.kyc_aadhaar_legacy_duplicate]])),
      ).toEqual({ [verified.user.id]: [true, false], [later.id]: [true, true] });

      const newcomer = await newSubmission({ aadhaar });
      expect(newcomer.res.statusCode).toBe(409);
      expect(newcomer.res.json().error.fields).toEqual({
        aadharNumber: kycIdentityMessages.aadhaarTaken,
      });
    });
  });

  describe('fault 3: a decision names the submission it was made on', () => {
    it('refuses an approval from a tab opened on an earlier submission', async () => {
      const { user, res } = await newSubmission();
      expect(res.statusCode).toBe(200);
      const first = res.json().user.kycSubmittedAt as string;

      // Tab B rejects #1, the user submits #2; tab A still shows #1.
      const rejected = await decide(user.id, {
        decision: 'reject',
        reason: 'Blurred',
        submittedAt: first,
      });
      expect(rejected.statusCode).toBe(200);
      t.advance(1000);
      const second = await resubmit(user.cookie, {});
      expect(second.statusCode).toBe(200);
      const secondAt = second.json().user.kycSubmittedAt as string;
      expect(secondAt).not.toBe(first);

      const stale = await decide(user.id, { decision: 'approve', submittedAt: first });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error).toEqual({
        code: 'invalid_state',
        message: KYC_SUBMISSION_CHANGED,
      });
      expect(await statusOf(user.id)).toBe('submitted');
      const staleReject = await decide(user.id, {
        decision: 'reject',
        reason: 'x',
        submittedAt: first,
      });
      expect(staleReject.statusCode).toBe(409);

      const fresh = await decide(user.id, { decision: 'approve', submittedAt: secondAt });
      expect(fresh.statusCode, fresh.body).toBe(200);
      expect(await statusOf(user.id)).toBe('verified');
    });

    it('refuses a submittedAt that is not a timestamp', async () => {
      const { user } = await newSubmission();
      const res = await decide(user.id, { decision: 'approve', submittedAt: 'yesterday' });
      expect(res.statusCode).toBe(400);
      expect(await statusOf(user.id)).toBe('submitted');
    });
  });
});

describe.each(availableDrivers())(
  'migration 038 on a database with duplicates, on %s',
  (driver) => {
    let db: Db;
    beforeAll(async () => {
      db = await databaseUpTo(driver, '037');
    });
    afterAll(() => db.close());

    it('applies, keeps the earliest verified holder of a PAN and flags the others', async () => {
      const insert = async (email: string, status: string, pan: string, submitted: string) =>
        (
          await db.query<{ id: string }>(
            `INSERT INTO users (email, email_skeleton, full_name, phone, password_hash, kyc_status,
                              balance, pan_number, kyc_submitted_at)
           VALUES ($1, $1, 'Old Customer', '9876543210', 'x', $2, 0, $3, $4::timestamptz)
           RETURNING id`,
            [email, status, pan, submitted],
          )
        )[0]!.id;
      const submittedFirst = await insert('a@example.com', 'submitted', 'AAAPA1111A', '2025-01-01');
      const verifiedLater = await insert('b@example.com', 'verified', 'aaapa1111a', '2025-02-01');
      const verifiedLast = await insert('c@example.com', 'verified', 'AAAPA1111A', '2025-03-01');
      const rejected = await insert('d@example.com', 'rejected', 'AAAPA1111A', '2025-04-01');

      await migrate(db);

      const rows = await db.query<{ id: string; kyc_pan_legacy_duplicate: boolean }>(
        'SELECT id, kyc_pan_legacy_duplicate FROM users',
      );
      const flags = Object.fromEntries(rows.map((r) => [r.id, r.kyc_pan_legacy_duplicate]));
      expect(flags).toMatchObject({
        [verifiedLater]: false,
        [submittedFirst]: true,
        [verifiedLast]: true,
        [rejected]: false,
      });
      // The holder still blocks a new account.
      const err: unknown = await db
        .query(`UPDATE users SET kyc_status = 'submitted' WHERE id = $1`, [rejected])
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(identityViolation(err)).toBeInstanceOf(DomainError);
    });
  },
);
