/** pg's parameter conversion (untyped in @types/pg): a JS value as the text pg sends for it. */
declare module 'pg/lib/utils.js' {
  export function prepareValue(value: unknown): string | Buffer | null;
  const utils: { prepareValue: typeof prepareValue };
  export default utils;
}
