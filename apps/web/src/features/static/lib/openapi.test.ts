import { describe, expect, it } from 'vitest';
import { filterReference, flattenFields, parseOpenApi } from './openapi.ts';

const doc = {
  openapi: '3.0.3',
  info: { title: 'Sikka API', version: '1.0.0' },
  components: {
    schemas: {
      Trade: {
        type: 'object',
        properties: { id: { type: 'string' }, side: { type: 'string', enum: ['buy', 'sell'] } },
        required: ['id'],
      },
    },
  },
  paths: {
    '/api/trades/': {
      get: {
        parameters: [
          { in: 'query', name: 'page', schema: { type: 'integer', minimum: 1, default: 1 } },
        ],
        responses: {
          200: {
            description: 'Default Response',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    trades: { type: 'array', items: { $ref: '#/components/schemas/Trade' } },
                  },
                  required: ['trades'],
                },
              },
            },
          },
          401: { description: 'Default Response' },
        },
      },
    },
    '/api/auth/login': {
      post: {
        summary: 'Sign in',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  email: { type: 'string', maxLength: 254 },
                  phone: { nullable: true, type: 'string' },
                },
                required: ['email'],
              },
            },
          },
        },
        responses: { 200: { description: 'OK' } },
      },
    },
  },
};

describe('parseOpenApi', () => {
  const ref = parseOpenApi(doc, { 'GET /api/trades': 'Your trades' });

  it('groups by path prefix in a fixed order and drops trailing slashes', () => {
    expect(ref.groups.map((g) => g.name)).toEqual(['Authentication', 'Trades']);
    expect(ref.groups[1]!.operations[0]!.path).toBe('/api/trades');
    expect(ref.operationCount).toBe(2);
  });

  it('uses the document summary first and the local one as fallback', () => {
    expect(ref.groups[0]!.operations[0]!.summary).toBe('Sign in');
    expect(ref.groups[1]!.operations[0]!.summary).toBe('Your trades');
  });

  it('reads parameters, body fields, success bodies through $ref, and error codes', () => {
    const trades = ref.groups[1]!.operations[0]!;
    expect(trades.parameters).toEqual([
      {
        name: 'page',
        in: 'query',
        required: false,
        type: 'integer',
        constraints: ['≥ 1', 'default 1'],
        description: undefined,
      },
    ]);
    expect(trades.success[0]!.fields.map((f) => [f.name, f.type, f.required])).toEqual([
      ['trades', 'object[]', true],
      ['trades[].id', 'string', true],
      ['trades[].side', "'buy' | 'sell'", false],
    ]);
    expect(trades.errors).toEqual(['401']);
    const login = ref.groups[0]!.operations[0]!;
    expect(login.body?.fields.map((f) => [f.name, f.nullable, f.constraints])).toEqual([
      ['email', false, ['max length 254']],
      ['phone', true, []],
    ]);
  });

  it('refuses something that is not an OpenAPI document', () => {
    expect(() => parseOpenApi({ hello: 'world' })).toThrow();
  });

  it('filters by path, method or field name', () => {
    expect(filterReference(ref, 'login').map((g) => g.name)).toEqual(['Authentication']);
    expect(filterReference(ref, 'GET').flatMap((g) => g.operations.map((o) => o.path))).toEqual([
      '/api/trades',
    ]);
    expect(filterReference(ref, 'page').length).toBe(1);
    expect(filterReference(ref, '')).toBe(ref.groups);
  });

  it('sets the admin tag apart: last, marked restricted, with its description', () => {
    const withAdmin = parseOpenApi({
      ...doc,
      tags: [{ name: 'Admin', description: 'For the Sikka admin only.' }],
      paths: {
        ...doc.paths,
        '/api/admin/users': {
          get: { tags: ['Admin'], responses: { 200: { description: 'OK' }, 401: {}, 403: {} } },
        },
        '/api/spot/markets': { get: { responses: { 200: { description: 'OK' } } } },
      },
    });
    expect(withAdmin.groups.map((g) => [g.name, g.restricted])).toEqual([
      ['Authentication', false],
      ['Trades', false],
      ['Spot', false],
      ['Admin', true],
    ]);
    const admin = withAdmin.groups.at(-1)!;
    expect(admin.description).toBe('For the Sikka admin only.');
    expect(admin.operations[0]!.errors).toEqual(['401', '403']);
  });

  it('stops at a $ref cycle', () => {
    const cyclic = {
      components: {
        schemas: { A: { type: 'object', properties: { a: { $ref: '#/components/schemas/A' } } } },
      },
    };
    expect(flattenFields(cyclic, { $ref: '#/components/schemas/A' }).length).toBeLessThan(10);
  });
});
