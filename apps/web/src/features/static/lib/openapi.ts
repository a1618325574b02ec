/**
 * Turns the server's OpenAPI 3 document (GET /api/openapi.json) into what the API reference
 * page shows. The document is read as `unknown` and checked field by field: the page must
 * render whatever the server's schemas generate, and ignore what it does not understand.
 */

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** One field of a request or response body, flattened: nested names read `user.email`, `trades[].id`. */
export interface SchemaField {
  name: string;
  /** e.g. 'string', 'integer', "'buy' | 'sell'", 'object[]'. */
  type: string;
  required: boolean;
  nullable: boolean;
  /** Human-readable limits: 'min length 8', 'pattern ^…$', 'default 1h'. */
  constraints: string[];
  description?: string;
  /** Nesting depth, 0 for top-level fields (for indentation). */
  depth: number;
}

export interface Parameter {
  name: string;
  in: string;
  required: boolean;
  type: string;
  constraints: string[];
  description?: string;
}

export interface ResponseInfo {
  status: string;
  description?: string;
  fields: SchemaField[];
}

export interface Operation {
  /** Stable anchor id, e.g. 'post-api-auth-signup'. */
  id: string;
  method: HttpMethod;
  path: string;
  summary?: string;
  description?: string;
  group: string;
  parameters: Parameter[];
  body: { contentType: string; fields: SchemaField[] } | null;
  /** 2xx answers with their body fields. */
  success: ResponseInfo[];
  /** Non-2xx status codes the operation may answer with. */
  errors: string[];
}

export interface ApiGroup {
  name: string;
  /** The tag's description in the document, when it has one. */
  description?: string;
  /** For the admin only: shown in its own, marked section after everything else. */
  restricted: boolean;
  operations: Operation[];
}

/** The tag the server puts on its admin routes (apps/server/src/http/schemas.ts ADMIN_TAG). */
export const ADMIN_GROUP = 'Admin';

export interface ApiReference {
  title: string;
  version: string;
  description?: string;
  groups: ApiGroup[];
  operationCount: number;
}

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value ? value : undefined;

/** Follows a local `$ref` ('#/components/schemas/X'); anything else is returned as it is. */
function resolve(doc: Json, schema: unknown, seen: Set<string>): Json | null {
  if (!isRecord(schema)) return null;
  const ref = str(schema.$ref);
  if (!ref) return schema;
  if (seen.has(ref) || !ref.startsWith('#/')) return null;
  seen.add(ref);
  let node: unknown = doc;
  for (const part of ref.slice(2).split('/')) node = isRecord(node) ? node[part] : undefined;
  return resolve(doc, node, seen);
}

function literal(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : JSON.stringify(value);
}

/** The alternatives of anyOf/oneOf, with a null alternative reported as nullable. */
function alternatives(schema: Json): { options: unknown[]; nullable: boolean } | null {
  const list = Array.isArray(schema.anyOf)
    ? schema.anyOf
    : Array.isArray(schema.oneOf)
      ? schema.oneOf
      : null;
  if (!list) return null;
  const options = list.filter((s) => !(isRecord(s) && s.type === 'null'));
  return { options, nullable: options.length !== list.length };
}

export function describeType(doc: Json, raw: unknown, seen = new Set<string>()): string {
  const schema = resolve(doc, raw, new Set(seen));
  if (!schema) return 'any';
  if (Array.isArray(schema.enum)) return schema.enum.map(literal).join(' | ');
  if ('const' in schema) return literal(schema.const);
  const alt = alternatives(schema);
  if (alt) return alt.options.map((s) => describeType(doc, s, seen)).join(' | ') || 'null';
  const type = Array.isArray(schema.type)
    ? schema.type.filter((t) => t !== 'null').join(' | ')
    : str(schema.type);
  if (type === 'array') {
    const item = describeType(doc, schema.items, seen);
    return item.includes(' ') ? `(${item})[]` : `${item}[]`;
  }
  if (type === 'object' && !isRecord(schema.properties) && isRecord(schema.additionalProperties)) {
    return `map of ${describeType(doc, schema.additionalProperties, seen)}`;
  }
  return type ?? (isRecord(schema.properties) ? 'object' : 'any');
}

export function describeConstraints(raw: unknown): string[] {
  if (!isRecord(raw)) return [];
  const out: string[] = [];
  const num = (key: string) => (typeof raw[key] === 'number' ? String(raw[key]) : undefined);
  const minLength = num('minLength');
  const maxLength = num('maxLength');
  if (minLength && maxLength) out.push(`length ${minLength}–${maxLength}`);
  else if (minLength) out.push(`min length ${minLength}`);
  else if (maxLength) out.push(`max length ${maxLength}`);
  const min = num('minimum');
  const max = num('maximum');
  if (min && max) out.push(`${min}–${max}`);
  else if (min) out.push(`≥ ${min}`);
  else if (max) out.push(`≤ ${max}`);
  if (str(raw.format)) out.push(`format ${String(raw.format)}`);
  if (str(raw.pattern)) out.push(`pattern ${String(raw.pattern)}`);
  if ('default' in raw) out.push(`default ${literal(raw.default)}`);
  return out;
}

function isNullable(schema: Json): boolean {
  if (schema.nullable === true) return true;
  if (Array.isArray(schema.type) && schema.type.includes('null')) return true;
  return alternatives(schema)?.nullable ?? false;
}

/** The object whose properties a schema lists: itself, its array items, or its one non-null alternative. */
function objectOf(
  doc: Json,
  schema: Json,
  seen: Set<string>,
): { node: Json; suffix: string } | null {
  if (isRecord(schema.properties)) return { node: schema, suffix: '' };
  if (schema.type === 'array') {
    const items = resolve(doc, schema.items, seen);
    return items && isRecord(items.properties) ? { node: items, suffix: '[]' } : null;
  }
  const alt = alternatives(schema);
  if (alt && alt.options.length === 1) {
    const only = resolve(doc, alt.options[0], seen);
    return only ? objectOf(doc, only, seen) : null;
  }
  return null;
}

const MAX_DEPTH = 4;

/** The fields of an object schema, nested objects flattened below their parent. */
export function flattenFields(
  doc: Json,
  raw: unknown,
  prefix = '',
  depth = 0,
  seen = new Set<string>(),
): SchemaField[] {
  const schema = resolve(doc, raw, new Set(seen));
  if (!schema || depth > MAX_DEPTH) return [];
  const target = objectOf(doc, schema, new Set(seen));
  if (!target) return [];
  const properties = target.node.properties;
  if (!isRecord(properties)) return [];
  const required = new Set(Array.isArray(target.node.required) ? target.node.required : []);
  const fields: SchemaField[] = [];
  for (const [key, value] of Object.entries(properties)) {
    const child = resolve(doc, value, new Set(seen));
    const name = prefix ? `${prefix}${target.suffix}.${key}` : `${key}`;
    fields.push({
      name,
      type: describeType(doc, value, seen),
      required: required.has(key),
      nullable: child ? isNullable(child) : false,
      constraints: describeConstraints(child),
      description: str(child?.description),
      depth,
    });
    if (child) fields.push(...flattenFields(doc, child, name, depth + 1, seen));
  }
  return fields;
}

/** Group names for path prefixes when the document has no tags: /api/<prefix>/… */
const PREFIX_GROUPS: Record<string, string> = {
  health: 'Health',
  auth: 'Authentication',
  me: 'Account',
  market: 'Market data',
  deposits: 'Deposits',
  trades: 'Trades',
  kyc: 'KYC',
  admin: ADMIN_GROUP,
};
const GROUP_ORDER = Object.values(PREFIX_GROUPS);

export function groupOf(path: string, tags: unknown): string {
  const tag = Array.isArray(tags) ? str(tags[0]) : undefined;
  if (tag) return tag;
  const prefix = path.replace(/^\/api\//, '').split('/')[0] ?? '';
  return PREFIX_GROUPS[prefix] ?? (prefix ? prefix[0]!.toUpperCase() + prefix.slice(1) : 'Other');
}

function firstContent(content: unknown): { contentType: string; schema: unknown } | null {
  if (!isRecord(content)) return null;
  const [entry] = Object.entries(content);
  if (!entry) return null;
  return { contentType: entry[0], schema: isRecord(entry[1]) ? entry[1].schema : undefined };
}

function parseParameter(doc: Json, raw: unknown): Parameter | null {
  const p = resolve(doc, raw, new Set());
  const name = str(p?.name);
  if (!p || !name) return null;
  const schema = resolve(doc, p.schema, new Set());
  return {
    name,
    in: str(p.in) ?? 'query',
    required: p.required === true,
    type: describeType(doc, p.schema),
    constraints: describeConstraints(schema),
    description: str(p.description) ?? str(schema?.description),
  };
}

/**
 * The reference: operations grouped (by tag, else by path prefix), groups in a fixed order,
 * operations in document order. `summaries` fills in where the document has no summary.
 */
export function parseOpenApi(
  raw: unknown,
  summaries: Readonly<Record<string, string>> = {},
): ApiReference {
  if (!isRecord(raw) || !isRecord(raw.paths)) throw new Error('Not an OpenAPI document');
  const doc = raw;
  const info = isRecord(doc.info) ? doc.info : {};
  const groups = new Map<string, Operation[]>();
  let operationCount = 0;
  for (const [rawPath, item] of Object.entries(raw.paths)) {
    if (!isRecord(item)) continue;
    // '/api/deposits/' and '/api/deposits' are the same route to a reader.
    const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!isRecord(op)) continue;
      const parameters = [
        ...(Array.isArray(item.parameters) ? item.parameters : []),
        ...(Array.isArray(op.parameters) ? op.parameters : []),
      ]
        .map((p) => parseParameter(doc, p))
        .filter((p): p is Parameter => p !== null);
      const requestBody = resolve(doc, op.requestBody, new Set());
      const bodyContent = firstContent(requestBody?.content);
      const responses = isRecord(op.responses) ? Object.entries(op.responses) : [];
      const success: ResponseInfo[] = [];
      const errors: string[] = [];
      for (const [status, response] of responses) {
        if (!/^2\d\d$/.test(status)) {
          errors.push(status);
          continue;
        }
        const r = resolve(doc, response, new Set());
        const description = str(r?.description);
        success.push({
          status,
          // Fastify's placeholder says nothing; leave it out.
          description: description === 'Default Response' ? undefined : description,
          fields: flattenFields(doc, firstContent(r?.content)?.schema),
        });
      }
      const group = groupOf(path, op.tags);
      const operation: Operation = {
        id: `${method}-${path.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}`,
        method,
        path,
        summary: str(op.summary) ?? summaries[`${method.toUpperCase()} ${path}`],
        description: str(op.description),
        group,
        parameters,
        body: bodyContent
          ? { contentType: bodyContent.contentType, fields: flattenFields(doc, bodyContent.schema) }
          : null,
        success,
        errors: errors.sort(),
      };
      groups.set(group, [...(groups.get(group) ?? []), operation]);
      operationCount += 1;
    }
  }
  const tagDescriptions = new Map<string, string>();
  for (const tag of Array.isArray(doc.tags) ? doc.tags : []) {
    const name = isRecord(tag) ? str(tag.name) : undefined;
    const description = isRecord(tag) ? str(tag.description) : undefined;
    if (name && description) tagDescriptions.set(name, description);
  }
  // The admin section comes last, after every group a customer may call.
  const rank = (name: string) => {
    if (name === ADMIN_GROUP) return GROUP_ORDER.length + 1;
    const i = GROUP_ORDER.indexOf(name);
    return i === -1 ? GROUP_ORDER.length : i;
  };
  return {
    title: str(info.title) ?? 'API',
    version: str(info.version) ?? '',
    description: str(info.description),
    groups: [...groups.entries()]
      .map(([name, operations]) => ({
        name,
        description: tagDescriptions.get(name),
        restricted: name === ADMIN_GROUP,
        operations,
      }))
      .sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name)),
    operationCount,
  };
}

/** Operations whose method, path, summary, description or field names contain the query. */
export function filterReference(reference: ApiReference, query: string): ApiGroup[] {
  const q = query.trim().toLowerCase();
  if (!q) return reference.groups;
  const matches = (op: Operation) =>
    [
      op.method,
      `${op.method} ${op.path}`,
      op.path,
      op.summary ?? '',
      op.description ?? '',
      op.group,
      ...op.parameters.map((p) => p.name),
      ...(op.body?.fields.map((f) => f.name) ?? []),
    ].some((text) => text.toLowerCase().includes(q));
  return reference.groups
    .map((g) => ({ ...g, operations: g.operations.filter(matches) }))
    .filter((g) => g.operations.length > 0);
}
