/** The part of a failed zod parse a form reads: each issue's field path and message. */
export interface SchemaIssues {
  readonly issues: ReadonlyArray<{
    readonly path: ReadonlyArray<PropertyKey>;
    readonly message: string;
  }>;
}

/**
 * Each listed field's first message from a contracts schema's parse, so a form shows exactly
 * what the server would answer for the same input (the server parses with the same schema).
 */
export function firstFieldMessages<F extends string>(
  fields: readonly F[],
  error: SchemaIssues | undefined,
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of error?.issues ?? []) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(fields as readonly string[]).includes(field)) continue;
    const key = field as F;
    if (errors[key] === undefined) errors[key] = issue.message;
  }
  return errors;
}
