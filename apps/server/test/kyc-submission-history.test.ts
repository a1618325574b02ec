import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentKinds, kycDocumentPath, messages, type DocumentKind } from '@sikka/contracts';
import { decideKyc } from '../src/kyc/review.ts';
import { openAadhaar } from '../src/kyc/vault.ts';
import { availableDrivers } from '../../../test/support/databases.ts';
import {
  ADMIN,
  logInAdmin,
  sessionCookie,
  signUp,
  startTestApp,
  type TestApp,
} from '../../../test/support/app.ts';
import {
  kycFormData,
  pdf,
  png,
  submitKyc,
  validAadhaar,
  validPan,
  validParts,
  webp,
  type KycParts,
} from '../../../test/support/kyc-fixtures.ts';

/**
 * KYC records are kept (ADR 041): a resubmission used to delete the rejected submission's
 * documents, losing the evidence of a forged first attempt that PMLA asks an exchange to keep.
 * The replaced record now moves to kyc_submission_history in the submission's transaction; the
 * admin lists it and reads its documents. Also: a decision must name its submission (ADR 039).
 */

const COLUMN: Record<DocumentKind, string> = {
  aadharFront: 'kyc_front_url',
  aadharBack: 'kyc_back_url',
  panFront: 'pan_front_url',
  bankStatement: 'bank_statement_url',
  selfie: 'kyc_selfie_url',
};

type Identity = { pan: string; aadhaar: string };
const identity = (): Identity => ({ pan: validPan(), aadhaar: validAadhaar() });

describe.each(availableDrivers())('KYC records kept on resubmission, on %s', (driver) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(driver);
    admin = await logInAdmin(t.app);
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const submit = async (cookie: string, who: Identity, files: KycParts = {}) => {
    const parts = await validParts();
    const res = await submitKyc(
      t.app,
      cookie,
      kycFormData({ ...parts, ...files, panNumber: who.pan, aadharNumber: who.aadhaar }),
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().user.kycSubmittedAt as string;
  };
  const decide = (userId: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${userId}/kyc`,
      headers: { cookie: admin },
      payload,
    });
  const reject = async (userId: string, submittedAt: string, reason: string) => {
    const res = await decide(userId, { decision: 'reject', reason, submittedAt });
    expect(res.statusCode, res.body).toBe(200);
  };
  const documentKeys = async (userId: string) => {
    const rows = await t.app.db.query<Record<string, string>>(
      `SELECT ${Object.values(COLUMN).join(', ')} FROM users WHERE id = $1`,
      [userId],
    );
    return Object.fromEntries(documentKinds.map((k) => [k, rows[0]![COLUMN[k]]!])) as Record<
      DocumentKind,
      string
    >;
  };
  const fileOf = (key: string) => readFile(path.join(t.dataDir, 'documents', key));
  const history = async (userId: string, cookie = admin) =>
    get(`/api/admin/users/${userId}/kyc/history`, cookie);
  /** A user rejected once (for `reason`) who then submitted again with other numbers. */
  const rejectedThenResubmitted = async (reason: string) => {
    const user = await signUp(t.app);
    const first = identity();
    const firstAt = await submit(user.cookie, first);
    const oldKeys = await documentKeys(user.id);
    await reject(user.id, firstAt, reason);
    t.advance(1000);
    const second = identity();
    // Other pictures and another statement: the two submissions' files differ byte for byte.
    const secondAt = await submit(user.cookie, second, {
      aadharFront: await png(640, 400),
      aadharBack: await webp(500, 320),
      panFront: await png(320, 200),
      selfie: await webp(600, 600),
      bankStatement: pdf({ catalogExtra: '/Lang (en-IN)' }),
    });
    return { user, first, firstAt, oldKeys, second, secondAt };
  };

  it('reject → resubmit: the rejected attempt’s files stay, and it is listed with its reason, reviewer and times', async () => {
    const reason = 'The Aadhaar photo has been edited';
    const { user, first, firstAt, oldKeys, secondAt } = await rejectedThenResubmitted(reason);

    const newKeys = await documentKeys(user.id);
    for (const kind of documentKinds) {
      expect(newKeys[kind], kind).not.toBe(oldKeys[kind]);
      // Both the rejected attempt's file and the new one are on disk.
      await expect(fileOf(oldKeys[kind]), kind).resolves.toBeInstanceOf(Buffer);
      await expect(fileOf(newKeys[kind]), kind).resolves.toBeInstanceOf(Buffer);
    }
    expect(await readdir(path.join(t.dataDir, 'documents', user.id))).toHaveLength(10);

    const res = await history(user.id);
    expect(res.statusCode, res.body).toBe(200);
    const { submissions } = res.json();
    expect(submissions).toEqual([
      {
        id: expect.any(String),
        status: 'rejected',
        submittedAt: firstAt,
        decidedAt: expect.any(String),
        decidedBy: ADMIN.email,
        rejectedReason: reason,
        replacedAt: secondAt,
        kycType: 'individual',
        kycDocumentNumber: `XXXX XXXX ${first.aadhaar.slice(-4)}`,
        panNumber: first.pan,
        bankName: 'State Bank of India',
        bankIfscCode: 'SBIN0001234',
        bankAccountNumber: 'XXXXXXXX9012',
        documents: [...documentKinds],
      },
    ]);
    const kept = submissions[0];
    expect(Date.parse(kept.decidedAt)).toBeGreaterThanOrEqual(Date.parse(firstAt) - 60_000);
    // No storage key, hash or sealed number reaches the client.
    expect(res.body).not.toMatch(/_url|hmac|ciphertext|\.jpg|\.pdf/);
    // The current record is the new submission, awaiting review, with no reason.
    const me = (await get('/api/me', user.cookie)).json().user;
    expect(me).toMatchObject({ kycStatus: 'submitted', kycSubmittedAt: secondAt });
    expect(me.kycRejectedReason).toBeNull();
  });

  it('the admin (with two-factor) reads each document of the earlier submission, byte for byte', async () => {
    const { user, oldKeys } = await rejectedThenResubmitted('PAN card does not match');
    const [kept] = (await history(user.id)).json().submissions;
    for (const kind of documentKinds) {
      const res = await get(kycDocumentPath(user.id, kind, kept.id), admin);
      expect(res.statusCode, kind).toBe(200);
      expect(res.rawPayload.equals(await fileOf(oldKeys[kind])), kind).toBe(true);
      expect(res.headers['content-type']).toBe(
        kind === 'bankStatement' ? 'application/pdf' : 'image/jpeg',
      );
      expect(res.headers['cache-control']).toBe('private, no-store');
      // Without `submission`, the route serves the current (new) document.
      const current = await get(kycDocumentPath(user.id, kind), admin);
      expect(current.statusCode).toBe(200);
      expect(current.rawPayload.equals(res.rawPayload), kind).toBe(false);
    }
  });

  it('keeps the sealed Aadhaar of the earlier submission, still bound to its user', async () => {
    const { user, first, second } = await rejectedThenResubmitted('Blurred');
    const [row] = await t.app.db.query<{
      aadhaar_ciphertext: Uint8Array;
      aadhaar_iv: Uint8Array;
      aadhaar_tag: Uint8Array;
      aadhaar_hmac: Uint8Array | null;
    }>(
      `SELECT aadhaar_ciphertext, aadhaar_iv, aadhaar_tag, aadhaar_hmac
         FROM kyc_submission_history WHERE user_id = $1`,
      [user.id],
    );
    const sealed = {
      ciphertext: row!.aadhaar_ciphertext,
      iv: row!.aadhaar_iv,
      tag: row!.aadhaar_tag,
    };
    expect(openAadhaar(t.app.vault, user.id, sealed)).toBe(first.aadhaar);
    expect(row!.aadhaar_hmac).not.toBeNull();
    const [vault] = await t.app.db.query<{
      ciphertext: Uint8Array;
      iv: Uint8Array;
      tag: Uint8Array;
    }>('SELECT ciphertext, iv, tag FROM kyc_vault WHERE user_id = $1', [user.id]);
    expect(openAadhaar(t.app.vault, user.id, vault!)).toBe(second.aadhaar);
  });

  it('lists every earlier attempt newest first, and nothing for a first submission', async () => {
    const user = await signUp(t.app);
    expect((await history(user.id)).json()).toEqual({ submissions: [] });
    const firstAt = await submit(user.cookie, identity());
    expect((await history(user.id)).json()).toEqual({ submissions: [] });
    await reject(user.id, firstAt, 'First: selfie is of a photo');
    t.advance(1000);
    const secondAt = await submit(user.cookie, identity());
    await reject(user.id, secondAt, 'Second: PAN name differs');
    t.advance(1000);
    const thirdAt = await submit(user.cookie, identity());
    const { submissions } = (await history(user.id)).json();
    expect(
      submissions.map((s: { rejectedReason: string; submittedAt: string; replacedAt: string }) => [
        s.rejectedReason,
        s.submittedAt,
        s.replacedAt,
      ]),
    ).toEqual([
      ['Second: PAN name differs', secondAt, thirdAt],
      ['First: selfie is of a photo', firstAt, secondAt],
    ]);
    const unknown = await history(crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect((await history('not-a-uuid')).statusCode).toBe(404);
  });

  it('the owner, another user and a signed-out caller cannot read the earlier documents or list them', async () => {
    const { user, oldKeys } = await rejectedThenResubmitted('Edited document');
    const other = await signUp(t.app);
    const [kept] = (await history(user.id)).json().submissions;
    for (const kind of documentKinds) {
      const url = kycDocumentPath(user.id, kind, kept.id);
      for (const cookie of [user.cookie, other.cookie]) {
        const res = await get(url, cookie);
        expect(res.statusCode, kind).toBe(404);
        // Told exactly what a missing document says: nothing confirms the record exists.
        expect(res.json()).toEqual({
          error: { code: 'not_found', message: messages.kyc.documentMissing },
        });
      }
      expect((await get(url)).statusCode).toBe(401);
      // The owner still reads the current document.
      expect((await get(kycDocumentPath(user.id, kind), user.cookie)).statusCode).toBe(200);
    }
    expect((await history(user.id, user.cookie)).statusCode).toBe(403);
    expect((await history(user.id, other.cookie)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: `/api/admin/users/${user.id}/kyc/history` })).statusCode,
    ).toBe(401);
    // An earlier submission is found only under its own user, and a malformed id is missing.
    for (const url of [
      kycDocumentPath(other.id, 'selfie', kept.id),
      kycDocumentPath(user.id, 'selfie', crypto.randomUUID()),
      `${kycDocumentPath(user.id, 'selfie')}?submission=not-a-uuid`,
      `${kycDocumentPath(user.id, 'selfie')}?submission=`,
    ]) {
      const res = await get(url, admin);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.message).toBe(messages.kyc.documentMissing);
    }
    // Nothing any of these callers did removed a file.
    for (const kind of documentKinds) await expect(fileOf(oldKeys[kind])).resolves.toBeTruthy();
  });

  it('a submission that does not commit keeps no history and deletes only its own files', async () => {
    const user = await signUp(t.app);
    const firstAt = await submit(user.cookie, identity());
    await reject(user.id, firstAt, 'Blurred');
    // Two resubmissions at once: one commits, the other finds it under the row lock (409).
    const forms = await Promise.all(
      [identity(), identity()].map(async (who) =>
        kycFormData({ ...(await validParts()), panNumber: who.pan, aadharNumber: who.aadhaar }),
      ),
    );
    const results = await Promise.all(forms.map((form) => submitKyc(t.app, user.cookie, form)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM kyc_submission_history WHERE user_id = $1',
      [user.id],
    );
    expect(rows[0]!.n).toBe(1);
    // The rejected attempt's five files and the committed submission's five; none of the other.
    const stored = await readdir(path.join(t.dataDir, 'documents', user.id));
    expect(stored).toHaveLength(10);
  });

  it('earlier submissions hold no PAN or Aadhaar: another account may submit the rejected numbers', async () => {
    const { first } = await rejectedThenResubmitted('Not the applicant’s PAN');
    const other = await signUp(t.app);
    await submit(other.cookie, first);
  });

  it('kept records cannot be changed or deleted, nor their account', async () => {
    const { user } = await rejectedThenResubmitted('Forged statement');
    const refused = (sql: string) =>
      expect(t.app.db.query(sql, [user.id])).rejects.toThrow(/kept as they were/);
    await refused(`UPDATE kyc_submission_history SET kyc_rejected_reason = 'x' WHERE user_id = $1`);
    await refused('DELETE FROM kyc_submission_history WHERE user_id = $1');
    await expect(t.app.db.query('DELETE FROM users WHERE id = $1', [user.id])).rejects.toThrow(
      /foreign key/,
    );
  });

  describe('a decision names its submission (ADR 039)', () => {
    it('refuses a decision without submittedAt, or with a malformed one, with 400 and says why', async () => {
      const user = await signUp(t.app);
      const submittedAt = await submit(user.cookie, identity());
      for (const payload of [
        { decision: 'approve' },
        { decision: 'reject', reason: 'Blurred' },
        { decision: 'approve', submittedAt: 'yesterday' },
        { decision: 'approve', submittedAt: null },
      ]) {
        const res = await decide(user.id, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().error).toEqual({
          code: 'validation_error',
          message: messages.kyc.decisionSubmittedAtRequired,
          fields: { submittedAt: messages.kyc.decisionSubmittedAtRequired },
        });
      }
      const [row] = await t.app.db.query<{ kyc_status: string }>(
        'SELECT kyc_status FROM users WHERE id = $1',
        [user.id],
      );
      expect(row!.kyc_status).toBe('submitted');
      const named = await decide(user.id, { decision: 'approve', submittedAt });
      expect(named.statusCode, named.body).toBe(200);
    });
  });
});

describe.each(availableDrivers())('earlier KYC documents and two-factor, on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(() => t.close());

  it('an admin without two-factor is asked to set it up, even for a record of their own account', async () => {
    const user = await signUp(t.app);
    const parts = await validParts();
    const first = await submitKyc(t.app, user.cookie, kycFormData(parts));
    expect(first.statusCode, first.body).toBe(200);
    const [adminRow] = await t.app.db.query<{ id: string }>(
      `SELECT id FROM users WHERE role = 'admin'`,
    );
    // The admin's decision as the route makes it; the admin tools' HTTP guard needs two-factor.
    await decideKyc(t.app.db, {
      userId: user.id,
      decision: 'reject',
      reason: 'Blurred',
      submittedAt: first.json().user.kycSubmittedAt,
      admin: { id: adminRow!.id, ip: '127.0.0.1' },
      now: t.app.clock(),
    });
    t.advance(1000);
    const again = await submitKyc(t.app, user.cookie, kycFormData(await validParts()));
    expect(again.statusCode, again.body).toBe(200);
    const [kept] = await t.app.db.query<{ id: string }>(
      'SELECT id FROM kyc_submission_history WHERE user_id = $1',
      [user.id],
    );

    // The admin's first sign-in, before two-factor is set up.
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
    expect(login.json().twoFactorRequired).toBeFalsy();
    const withoutTwoFactor = sessionCookie(login);
    const url = kycDocumentPath(user.id, 'aadharFront', kept!.id);
    const refused = await t.app.inject({ url, headers: { cookie: withoutTwoFactor } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('two_factor_setup_required');
    // The admin's own account: an earlier submission is a kept record, not the owner's view.
    const own = await t.app.inject({
      url: kycDocumentPath(adminRow!.id, 'selfie', crypto.randomUUID()),
      headers: { cookie: withoutTwoFactor },
    });
    expect(own.json().error.code).toBe('two_factor_setup_required');

    const admin = await logInAdmin(t.app);
    const allowed = await t.app.inject({ url, headers: { cookie: admin } });
    expect(allowed.statusCode).toBe(200);
  });
});
