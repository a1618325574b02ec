import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentKinds, kycDocumentPath, messages } from '@sikka/contracts';
import { availableDrivers } from '../../../test/support/databases.ts';
import { logInAdmin, signUp, startTestApp, type TestApp } from '../../../test/support/app.ts';
import { kycFormData, submitKyc, validParts } from '../../../test/support/kyc-fixtures.ts';

const CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

describe.each(availableDrivers())('KYC document access on %s', (driver) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let other: Awaited<ReturnType<typeof signUp>>;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(driver);
    owner = await signUp(t.app);
    other = await signUp(t.app);
    admin = await logInAdmin(t.app);
    const res = await submitKyc(t.app, owner.cookie, kycFormData(await validParts()));
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('serves every document to its owner with safe headers', async () => {
    for (const kind of documentKinds) {
      const res = await get(kycDocumentPath(owner.id, kind), owner.cookie);
      expect(res.statusCode, kind).toBe(200);
      const pdf = kind === 'bankStatement';
      expect(res.headers['content-type']).toBe(pdf ? 'application/pdf' : 'image/jpeg');
      expect(res.headers['content-disposition']).toMatch(
        pdf ? /^attachment; filename="bank-statement\.pdf"$/ : /^inline; filename="[a-z-]+\.jpg"$/,
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe(CSP);
      expect(res.headers['cache-control']).toBe('private, no-store');
      if (pdf) expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      else expect((await sharp(res.rawPayload).metadata()).format).toBe('jpeg');
    }
  });

  it('serves them to the admin', async () => {
    const res = await get(kycDocumentPath(owner.id, 'selfie'), admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
  });

  it('answers 401 when signed out', async () => {
    const res = await get(kycDocumentPath(owner.id, 'aadharFront'));
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });

  it("answers another user 404 'Document not available', the same as for a missing document", async () => {
    for (const kind of documentKinds) {
      const res = await get(kycDocumentPath(owner.id, kind), other.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: { code: 'not_found', message: messages.kyc.documentMissing },
      });
    }
    const missing = await get(kycDocumentPath(other.id, 'aadharFront'), other.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Document not available');
  });

  it('answers 404 for a missing document, an unknown kind or user, and a file gone from storage', async () => {
    const adminMissing = await get(kycDocumentPath(other.id, 'selfie'), admin);
    expect(adminMissing.statusCode).toBe(404);
    expect(adminMissing.json().error.message).toBe(messages.kyc.documentMissing);
    for (const url of [
      `/api/kyc/documents/${owner.id}/passport`,
      `/api/kyc/documents/not-a-uuid/selfie`,
      `/api/kyc/documents/${crypto.randomUUID()}/selfie`,
      `/api/kyc/documents/${owner.id}/..%2F..%2Fetc%2Fpasswd`,
    ]) {
      const res = await get(url, admin);
      expect(res.statusCode, url).toBe(404);
    }

    const u = await signUp(t.app);
    expect((await submitKyc(t.app, u.cookie, kycFormData(await validParts()))).statusCode).toBe(
      200,
    );
    const dir = path.join(t.dataDir, 'documents', u.id);
    for (const f of await readdir(dir)) await rm(path.join(dir, f));
    const gone = await get(kycDocumentPath(u.id, 'aadharBack'), u.cookie);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(messages.kyc.documentMissing);
  });
});
