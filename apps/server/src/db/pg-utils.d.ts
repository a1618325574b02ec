// The one helper of `pg`'s own that @types/pg does not declare.
declare module 'pg/lib/utils.js' {
  const utils: {
    /** The text `pg` sends for a parameter's value: null for NULL, a Buffer for bytea. */
    prepareValue(value: unknown): string | Buffer | null;
  };
  export default utils;
}
