import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  api,
  ApiError,
  errorMessage,
  parseApiError,
  setSecondFactorPrompt,
  type SecondFactorProof,
} from './api-client.ts';

describe('parseApiError', () => {
  it('reads code, message and field errors from the API error shape', () => {
    const err = parseApiError(
      409,
      JSON.stringify({
        error: { code: 'user_already_exists', message: 'Taken', fields: { email: 'Taken' } },
      }),
    );
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 409,
      code: 'user_already_exists',
      message: 'Taken',
      fields: { email: 'Taken' },
      fromServer: true,
    });
  });

  it('gives empty fields when the server sends none', () => {
    const err = parseApiError(401, '{"error":{"code":"invalid_credentials","message":"No"}}');
    expect(err.fields).toEqual({});
    expect(err.fromServer).toBe(true);
  });

  it.each([
    ['not JSON', '<html>Bad gateway</html>'],
    ['empty', ''],
    ['another shape', '{"message":"nope"}'],
    ['fields that are not strings', '{"error":{"code":"x","message":"y","fields":{"a":1}}}'],
  ])('keeps only the status for a body that is %s', (_label, body) => {
    const err = parseApiError(502, body);
    expect(err).toMatchObject({ status: 502, code: 'http_502', fromServer: false });
  });
});

describe('errorMessage', () => {
  it("uses the server's message, and the fallback for anything else", () => {
    expect(
      errorMessage(new ApiError(401, 'invalid_credentials', 'Bad login'), 'Login failed'),
    ).toBe('Bad login');
    expect(
      errorMessage(new ApiError(0, 'network_error', 'fetch failed', {}, false), 'Login failed'),
    ).toBe('Login failed');
    expect(errorMessage(new TypeError('boom'), 'Login failed')).toBe('Login failed');
  });
});

describe('api', () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubFetch(response: Response | Error) {
    const fetchMock = vi.fn<typeof fetch>(async () => {
      if (response instanceof Error) throw response;
      return response;
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('sends JSON with the same-origin cookie and returns the parsed body', async () => {
    const fetchMock = stubFetch(Response.json({ user: null }));
    await expect(api.post('/api/auth/login', { email: 'a@b.co' })).resolves.toEqual({ user: null });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/login');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      body: '{"email":"a@b.co"}',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    });
  });

  it('sends no body or content type when there is nothing to send', async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }));
    await expect(api.post('/api/auth/logout')).resolves.toBeUndefined();
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.body).toBeUndefined();
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it('throws ApiError with the server error on a non-OK answer', async () => {
    stubFetch(
      Response.json(
        { error: { code: 'validation_error', message: 'Check', fields: { phone: 'Too short' } } },
        { status: 400 },
      ),
    );
    const err = await api.get('/api/me').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 400,
      code: 'validation_error',
      fields: { phone: 'Too short' },
    });
  });

  it('turns a transport failure into network_error without a server message', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    const err = await api.get('/api/me').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 0, code: 'network_error', fromServer: false });
  });

  it('validates the body when given a schema', async () => {
    stubFetch(Response.json({ n: 1 }));
    const schema = {
      parse(data: unknown) {
        if (typeof data === 'object' && data !== null && 'n' in data && data.n === 2) return data;
        throw new Error('bad body');
      },
    };
    await expect(api.get('/api/x', { schema })).rejects.toThrow('bad body');
  });
});

describe('step-up (a second factor asked again)', () => {
  let unregister: () => void = () => undefined;
  afterEach(() => {
    unregister();
    vi.unstubAllGlobals();
  });

  const refusal = (code: string, message: string) =>
    Response.json({ error: { code, message } }, { status: 403 });

  /** A fetch that answers with `answers` in turn, and the mock to inspect the calls. */
  function stubAnswers(...answers: Response[]) {
    const fetchMock = vi.fn<typeof fetch>(async () => {
      const next = answers.shift();
      if (!next) throw new Error('more requests than expected');
      return next;
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  const headersOf = (init: RequestInit | undefined) => init?.headers as Record<string, string>;

  it('asks for a code and repeats the same request with it', async () => {
    const fetchMock = stubAnswers(
      refusal('two_factor_required', 'Enter the code'),
      Response.json({ ok: true }),
    );
    const prompt = vi.fn(async () => ({ code: '123456' }));
    unregister = setSecondFactorPrompt(prompt);

    await expect(
      api.post('/api/withdrawals', { amount: '500' }, { headers: { 'Idempotency-Key': 'k-1' } }),
    ).resolves.toEqual({ ok: true });

    expect(prompt).toHaveBeenCalledExactlyOnceWith('Enter the code', 'required');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [firstUrl, first] = fetchMock.mock.calls[0]!;
    const [againUrl, again] = fetchMock.mock.calls[1]!;
    expect(againUrl).toBe(firstUrl);
    expect(again?.method).toBe('POST');
    expect(again?.body).toBe(first?.body);
    expect(headersOf(first)).not.toHaveProperty('X-Two-Factor-Code');
    expect(headersOf(again)).toMatchObject({
      'Idempotency-Key': 'k-1',
      'Content-Type': 'application/json',
      'X-Two-Factor-Code': '123456',
    });
  });

  it('asks again with the server message while the code is wrong', async () => {
    const fetchMock = stubAnswers(
      refusal('two_factor_required', 'Enter the code'),
      refusal('two_factor_invalid', 'That code is not right'),
      new Response(null, { status: 204 }),
    );
    const codes = [{ code: '111111' }, { code: '222222' }];
    const prompt = vi.fn(async () => codes.shift() ?? null);
    unregister = setSecondFactorPrompt(prompt);

    await expect(api.delete('/api/auth/passkeys/p1')).resolves.toBeUndefined();
    expect(prompt.mock.calls).toEqual([
      ['Enter the code', 'required'],
      ['That code is not right', 'invalid'],
    ]);
    expect(headersOf(fetchMock.mock.calls[2]![1])['X-Two-Factor-Code']).toBe('222222');
  });

  it('sends a passkey answer in its own header, and no code', async () => {
    const fetchMock = stubAnswers(
      refusal('two_factor_required', 'Enter the code'),
      Response.json({ ok: true }),
    );
    unregister = setSecondFactorPrompt(async () => ({ passkey: 'eyJpZCI6InAxIn0' }));

    await expect(
      api.post('/api/withdrawals', { amount: '500' }, { headers: { 'Idempotency-Key': 'k-2' } }),
    ).resolves.toEqual({ ok: true });
    const again = headersOf(fetchMock.mock.calls[1]![1]);
    expect(again).toMatchObject({
      'Idempotency-Key': 'k-2',
      'X-Two-Factor-Passkey': 'eyJpZCI6InAxIn0',
    });
    expect(again).not.toHaveProperty('X-Two-Factor-Code');
  });

  it('throws the server answer when the person declines', async () => {
    const fetchMock = stubAnswers(
      refusal('two_factor_required', 'Enter the code'),
      refusal('two_factor_invalid', 'That code is not right'),
    );
    const answers: Array<SecondFactorProof | null> = [{ code: '111111' }, null];
    unregister = setSecondFactorPrompt(async () => answers.shift() ?? null);

    const err = await api.post('/api/me/bank-accounts', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 403, code: 'two_factor_invalid' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('throws at once without a prompt, and for other refusals', async () => {
    stubAnswers(refusal('two_factor_required', 'Enter the code'));
    await expect(api.post('/api/withdrawals', {})).rejects.toMatchObject({
      code: 'two_factor_required',
    });

    const prompt = vi.fn(async () => ({ code: '123456' }));
    unregister = setSecondFactorPrompt(prompt);
    stubAnswers(refusal('email_unverified', 'Verify your e-mail'));
    await expect(api.post('/api/withdrawals', {})).rejects.toMatchObject({
      code: 'email_unverified',
    });
    stubAnswers(
      Response.json(
        { error: { code: 'two_factor_throttled', message: 'Too many' } },
        { status: 429 },
      ),
    );
    await expect(api.post('/api/withdrawals', {})).rejects.toMatchObject({
      code: 'two_factor_throttled',
    });
    expect(prompt).not.toHaveBeenCalled();
  });

  it('tells the prompt once the request it gave a code for has its answer, not before', async () => {
    stubAnswers(
      refusal('two_factor_required', 'Enter the code'),
      refusal('two_factor_invalid', 'That code is not right'),
      Response.json({ ok: true }),
    );
    const events: string[] = [];
    const codes = ['111111', '222222'];
    unregister = setSecondFactorPrompt(
      async (_message, reason) => {
        events.push(`ask ${reason}`);
        const code = codes.shift();
        return code === undefined ? null : { code };
      },
      () => events.push('settled'),
    );
    await expect(api.post('/api/withdrawals', {})).resolves.toEqual({ ok: true });
    // A wrong code asks again with the prompt still open; only the answer settles it.
    expect(events).toEqual(['ask required', 'ask invalid', 'settled']);

    // Settled too when the answer is a refusal of another kind, or the network fails.
    events.length = 0;
    codes.push('333333');
    stubAnswers(
      refusal('two_factor_required', 'Enter the code'),
      refusal('email_unverified', 'Verify your e-mail'),
    );
    await expect(api.post('/api/withdrawals', {})).rejects.toMatchObject({
      code: 'email_unverified',
    });
    expect(events).toEqual(['ask required', 'settled']);

    // Not when no code was given: no request asked, or the person declined.
    events.length = 0;
    stubAnswers(Response.json({ ok: true }));
    await api.get('/api/me');
    stubAnswers(refusal('two_factor_required', 'Enter the code'));
    await expect(api.post('/api/withdrawals', {})).rejects.toMatchObject({
      code: 'two_factor_required',
    });
    expect(events).toEqual(['ask required']);
  });

  it('forgets a prompt once its clean-up ran', async () => {
    const prompt = vi.fn(async () => ({ code: '123456' }));
    setSecondFactorPrompt(prompt)();
    stubAnswers(refusal('two_factor_required', 'Enter the code'));
    await expect(api.post('/api/withdrawals', {})).rejects.toMatchObject({
      code: 'two_factor_required',
    });
    expect(prompt).not.toHaveBeenCalled();
  });
});
