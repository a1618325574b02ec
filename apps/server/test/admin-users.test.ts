import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PAGE_SIZE, messages } from '@sikka/contracts';
import { availableDrivers } from '../../../test/support/databases.ts';
import { logInAdmin, signUp, startTestApp, type TestApp } from '../../../test/support/app.ts';
import { kycFormData, submitKyc, validParts } from '../../../test/support/kyc-fixtures.ts';

describe.each(availableDrivers())('admin users and KYC review on %s', (driver) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(driver);
    admin = await logInAdmin(t.app);
  });
  afterAll(() => t.close());

  const list = (query: string, cookie = admin) =>
    t.app.inject({
      method: 'GET',
      url: `/api/admin/users${query}`,
      headers: cookie ? { cookie } : {},
    });
  const decide = (id: string, payload: object, cookie = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${id}/kyc`,
      headers: cookie ? { cookie } : {},
      payload,
    });
  const submitted = async (fullName?: string) => {
    const u = await signUp(t.app, fullName ? { fullName } : {});
    const parts = await validParts();
    const res = await submitKyc(t.app, u.cookie, kycFormData(parts));
    expect(res.statusCode, res.body).toBe(200);
    // What the admin's dialog shows and every decision names (ADR 039).
    const submittedAt = res.json().user.kycSubmittedAt as string;
    return { ...u, pan: parts.panNumber, submittedAt };
  };
  /** A timestamp for decisions on users with no submission: refused for their state anyway. */
  const someTime = () => new Date().toISOString();

  it('guards every admin users route: 401 signed out, 403 for users, 200 for the admin', async () => {
    const u = await submitted();
    const approve = { decision: 'approve', submittedAt: u.submittedAt };
    const anon = [await list('', ''), await decide(u.id, approve, '')];
    for (const res of anon) expect(res.statusCode).toBe(401);
    const asUser = [await list('', u.cookie), await decide(u.id, approve, u.cookie)];
    for (const res of asUser) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
    // Nothing changed by the refused calls.
    const row = await t.app.db.query<{ kyc_status: string }>(
      'SELECT kyc_status FROM users WHERE id = $1',
      [u.id],
    );
    expect(row[0]!.kyc_status).toBe('submitted');
    expect((await list('')).statusCode).toBe(200);
    expect((await decide(u.id, approve)).statusCode).toBe(200);
  });

  it('lists users newest first with paging, the client shape and the INR balance', async () => {
    const tag = `Pager${Date.now()}`;
    const ids: string[] = [];
    for (let i = 0; i < ADMIN_PAGE_SIZE + 3; i += 1)
      ids.push((await signUp(t.app, { fullName: `${tag} ${i}` })).id);
    const first = await list(`?search=${tag}`);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ total: ADMIN_PAGE_SIZE + 3, page: 1, pageSize: ADMIN_PAGE_SIZE });
    expect(body.items).toHaveLength(ADMIN_PAGE_SIZE);
    expect(body.items[0].id).toBe(ids.at(-1));
    expect(body.items[0]).toMatchObject({
      fullName: `${tag} ${ADMIN_PAGE_SIZE + 2}`,
      kycStatus: 'pending',
      balance: '0.00',
      role: 'user',
    });
    expect(body.items[0]).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(body)).not.toMatch(/argon2|_url/);
    const second = (await list(`?search=${tag}&page=2`)).json();
    expect(second.items.map((x: { id: string }) => x.id)).toEqual(ids.slice(0, 3).reverse());
    expect((await list(`?search=${tag}&page=3`)).json().items).toEqual([]);
  });

  it('searches name and e-mail case-insensitively, literally, and filters by KYC status', async () => {
    const tag = `Zed${Date.now()}`;
    const a = await submitted(`${tag} Kumar`);
    const b = await signUp(t.app, { email: `${tag.toLowerCase()}.mail@example.com` });
    const byName = (await list(`?search=${tag.toUpperCase()}`)).json();
    expect(byName.items.map((x: { id: string }) => x.id).sort()).toEqual([a.id, b.id].sort());
    const onlySubmitted = (await list(`?search=${tag.toLowerCase()}&status=submitted`)).json();
    expect(onlySubmitted.items.map((x: { id: string }) => x.id)).toEqual([a.id]);
    expect(onlySubmitted.total).toBe(1);
    const onlyPending = (await list(`?search=${tag}&status=pending`)).json();
    expect(onlyPending.items.map((x: { id: string }) => x.id)).toEqual([b.id]);
    const all = (await list(`?search=${tag}&status=all`)).json();
    expect(all.total).toBe(2);
    // % and _ are characters, not wildcards.
    expect((await list(`?search=${tag}%25`)).json().total).toBe(0);
    expect((await list(`?search=${tag.slice(0, -1)}_`)).json().total).toBe(0);
    expect((await list(`?search=${tag.slice(0, -1)}`)).json().total).toBe(2);
    const bad = await list('?status=approved');
    expect(bad.statusCode).toBe(400);
  });

  it('shows the admin the PAN number the user typed, and no one else', async () => {
    const u = await submitted(`Pan${Date.now()}`);
    const item = (await list(`?search=${encodeURIComponent(u.email)}`)).json().items[0];
    expect(item.id).toBe(u.id);
    expect(item.panNumber).toBe(u.pan);
    // The user's own view of their account carries no PAN number field.
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: u.cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).not.toHaveProperty('panNumber');
    // An unsubmitted user has none.
    const fresh = await signUp(t.app);
    const blank = (await list(`?search=${encodeURIComponent(fresh.email)}`)).json().items[0];
    expect(blank.panNumber).toBeNull();
  });

  it('approves only a submitted KYC: verified with kyc_verified_at, reason cleared', async () => {
    const pending = await signUp(t.app);
    const notYet = await decide(pending.id, { decision: 'approve', submittedAt: someTime() });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().error).toEqual({
      code: 'invalid_state',
      message: messages.kyc.notReviewable,
    });

    const u = await submitted();
    const res = await decide(u.id, {
      decision: 'approve',
      reason: 'ignored',
      submittedAt: u.submittedAt,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      id: u.id,
      kycStatus: 'verified',
      kycRejectedReason: null,
    });
    expect(Date.parse(res.json().user.kycVerifiedAt)).toBeGreaterThan(Date.now() - 60_000);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: u.cookie } });
    expect(me.json().user.kycStatus).toBe('verified');

    for (const decision of ['approve', 'reject'] as const) {
      const again = await decide(u.id, { decision, reason: 'Blurred', submittedAt: u.submittedAt });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('invalid_state');
    }
  });

  it('rejects only with a non-blank reason: rejected with the reason, kyc_verified_at empty', async () => {
    const u = await submitted();
    const { submittedAt } = u;
    for (const payload of [
      { decision: 'reject', submittedAt },
      { decision: 'reject', reason: '   ', submittedAt },
    ]) {
      const res = await decide(u.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ reason: messages.admin.rejectReasonRequired });
    }
    const long = await decide(u.id, { decision: 'reject', reason: 'x'.repeat(501), submittedAt });
    expect(long.statusCode).toBe(400);
    const res = await decide(u.id, {
      decision: 'reject',
      reason: '  Selfie does not match the Aadhaar photo  ',
      submittedAt,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      kycStatus: 'rejected',
      kycVerifiedAt: null,
      kycRejectedReason: 'Selfie does not match the Aadhaar photo',
    });
    const row = await t.app.db.query<{ kyc_verified_at: Date | null }>(
      'SELECT kyc_verified_at FROM users WHERE id = $1',
      [u.id],
    );
    expect(row[0]!.kyc_verified_at).toBeNull();
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: u.cookie } });
    expect(me.json().user).toMatchObject({
      kycStatus: 'rejected',
      kycRejectedReason: 'Selfie does not match the Aadhaar photo',
    });
  });

  it('answers 404 for an unknown user and 400 for an unknown decision', async () => {
    const approve = { decision: 'approve', submittedAt: someTime() };
    expect((await decide(crypto.randomUUID(), approve)).statusCode).toBe(404);
    expect((await decide('not-a-uuid', approve)).statusCode).toBe(404);
    const u = await submitted();
    expect((await decide(u.id, { decision: 'maybe', submittedAt: u.submittedAt })).statusCode).toBe(
      400,
    );
  });
});
