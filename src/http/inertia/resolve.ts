import { isProp, type OnceOptions, type Prop } from './props.ts';
import type { PageObject, PageRequest } from './page.ts';

/**
 * Builds the props part of a page object from shared and page props for one request. Pure
 * except for calling the prop resolvers; `now` is injected for once-prop expiry.
 *
 * Rules (inertia-laravel / @adonisjs/inertia semantics):
 *  - partial reload = `partialComponent === component`; then `only` keeps the named keys (dot
 *    paths keep part of a value), `except` removes keys and wins, always-props and `errors` come
 *    back regardless, and optional/deferred props are resolved when included;
 *  - standard visit: optional and deferred props are left out; deferred ones are listed by group
 *    in `deferredProps`; once props the client holds (`exceptOnce`) are not resolved;
 *  - merge props are listed only when present in this response and not named in `reset`.
 */
export interface ResolveInput {
  component: string;
  shared: Record<string, unknown>;
  props: Record<string, unknown>;
  errors: Record<string, unknown>;
  request: PageRequest;
  now: number;
  /** Called when a rescuable deferred prop throws (logged by the caller). */
  onRescued?: (key: string, err: unknown) => void;
}

export type ResolvedProps = Pick<
  PageObject,
  | 'props'
  | 'deferredProps'
  | 'mergeProps'
  | 'prependProps'
  | 'deepMergeProps'
  | 'matchPropsOn'
  | 'onceProps'
  | 'rescuedProps'
  | 'sharedProps'
>;

const topKey = (path: string): string => path.split('.')[0] ?? path;

function expiryOf(once: OnceOptions, now: number): number | null {
  if (once.expiresAt !== undefined) {
    return once.expiresAt instanceof Date ? once.expiresAt.getTime() : once.expiresAt;
  }
  if (once.expiresIn !== undefined) return now + once.expiresIn;
  return null;
}

/** Keeps only the given sub-paths (relative to the value) of a resolved value. */
function pick(value: unknown, paths: string[][]): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const byHead = new Map<string, string[][]>();
  for (const [head, ...rest] of paths) {
    if (head === undefined || !(head in source)) continue;
    const tails = byHead.get(head) ?? [];
    tails.push(rest);
    byHead.set(head, tails);
  }
  for (const [head, tails] of byHead) {
    out[head] = tails.some((t) => t.length === 0)
      ? source[head]
      : pick(
          source[head],
          tails.filter((t) => t.length > 0),
        );
  }
  return out;
}

/** Removes one sub-path (relative to the value) from a resolved value, copying on the way. */
function omit(value: unknown, path: string[]): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const [head, ...rest] = path;
  if (head === undefined || !(head in value)) return value;
  const copy = { ...(value as Record<string, unknown>) };
  if (rest.length === 0) delete copy[head];
  else copy[head] = omit(copy[head], rest);
  return copy;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/** Adds `prop`'s once-prop entry (if it is one) to `onceProps`, made on first use. */
function withOnce(
  onceProps: NonNullable<PageObject['onceProps']> | null,
  key: string,
  prop: Prop<unknown>,
  now: number,
): NonNullable<PageObject['onceProps']> | null {
  const once = prop.settings.once;
  if (!once) return onceProps;
  const out = onceProps ?? {};
  out[once.key ?? key] = { prop: key, expiresAt: expiryOf(once, now) };
  return out;
}

/** Resolves one prop into `props[key]`; a rescuable deferred prop that fails is left out. */
async function settle(
  props: Record<string, unknown>,
  key: string,
  value: unknown,
  raw: unknown,
  rescuedProps: string[],
  onRescued: ResolveInput['onRescued'],
): Promise<void> {
  try {
    props[key] = await (typeof raw === 'function' ? (raw as () => unknown)() : raw);
  } catch (err) {
    if (isProp(value) && value.settings.rescue && value.settings.loading === 'deferred') {
      delete props[key];
      rescuedProps.push(key);
      onRescued?.(key, err);
      return;
    }
    throw err;
  }
}

/**
 * Allocation-light on purpose (every page view runs it): lists and sets only when the request
 * or a prop needs them, and values that need no resolving (plain data: most props) are copied
 * without a promise each.
 */
export async function resolvePageProps(input: ResolveInput): Promise<ResolvedProps> {
  const { request, component, now } = input;
  const all: Record<string, unknown> = { ...input.shared, ...input.props };
  const isPartial = request.partialComponent !== null && request.partialComponent === component;
  const onlyTop = isPartial ? request.only.map(topKey) : [];
  const exceptWhole = isPartial ? request.except.filter((p) => !p.includes('.')) : [];

  const included: string[] = [];
  let deferredProps: Record<string, string[]> | null = null;
  let onceProps: NonNullable<PageObject['onceProps']> | null = null;
  let anyProp = isProp(all.errors);

  for (const key of Object.keys(all)) {
    if (key === 'errors') continue;
    const value = all[key];
    const prop = isProp(value) ? value : null;
    if (prop) anyProp = true;
    const loading = prop?.settings.loading ?? 'eager';
    if (isPartial) {
      const wanted = request.only.length === 0 || onlyTop.includes(key);
      if ((wanted && !exceptWhole.includes(key)) || loading === 'always') {
        included.push(key);
        if (prop) onceProps = withOnce(onceProps, key, prop, now);
      }
      continue;
    }
    const once = prop?.settings.once ?? null;
    const clientHasIt =
      once !== null && !once.fresh && request.exceptOnce.includes(once.key ?? key);
    if (prop) onceProps = withOnce(onceProps, key, prop, now);
    if (loading === 'optional') continue;
    if (loading === 'deferred') {
      if (!clientHasIt) ((deferredProps ??= {})[prop!.settings.group] ??= []).push(key);
      continue;
    }
    if (clientHasIt) continue;
    included.push(key);
  }

  // Filled in declaration order: a value resolved later takes the place its key holds already.
  const props: Record<string, unknown> = {};
  const rescuedProps: string[] = [];
  let pending: Promise<void>[] | null = null;
  for (const key of included) {
    const value = all[key];
    const raw = isProp(value) ? value.value : value;
    if (typeof raw !== 'function' && !isThenable(raw)) {
      props[key] = raw;
      continue;
    }
    props[key] = undefined;
    (pending ??= []).push(settle(props, key, value, raw, rescuedProps, input.onRescued));
  }
  if (pending) await Promise.all(pending);

  if (isPartial) {
    // Dot paths narrow a value: `only: ['auth.user']` keeps props.auth.user only.
    for (const key of Object.keys(props)) {
      const wholeKeyNamed = request.only.includes(key);
      const subPaths = request.only.filter((p) => p.startsWith(`${key}.`));
      if (!wholeKeyNamed && subPaths.length > 0) {
        props[key] = pick(
          props[key],
          subPaths.map((p) => p.split('.').slice(1)),
        );
      }
    }
    for (const path of request.except.filter((p) => p.includes('.'))) {
      const [head, ...rest] = path.split('.');
      if (head !== undefined && head in props) props[head] = omit(props[head], rest);
    }
  }
  props.errors = input.errors;

  const result: ResolvedProps = {
    props: props as ResolvedProps['props'],
    rescuedProps: rescuedProps.sort(),
  };
  if (!isPartial && deferredProps !== null) result.deferredProps = deferredProps;
  if (anyProp) listMergeProps(all, props, request.reset, result);
  if (onceProps !== null) result.onceProps = onceProps;
  const sharedKeys: string[] = [];
  for (const key of Object.keys(input.shared)) if (key !== 'errors') sharedKeys.push(key);
  if (sharedKeys.length > 0) result.sharedProps = sharedKeys;
  return result;
}

/** mergeProps / prependProps / deepMergeProps / matchPropsOn of the props in this response. */
function listMergeProps(
  all: Record<string, unknown>,
  props: Record<string, unknown>,
  reset: readonly string[],
  result: ResolvedProps,
): void {
  const mergeProps: string[] = [];
  const prependProps: string[] = [];
  const deepMergeProps: string[] = [];
  const matchPropsOn: string[] = [];
  for (const key of Object.keys(props)) {
    const value = all[key];
    if (!isProp(value) || value.settings.merge === null || reset.includes(key)) continue;
    const mode = value.settings.merge;
    switch (mode) {
      case 'append':
        mergeProps.push(key);
        break;
      case 'prepend':
        prependProps.push(key);
        break;
      case 'deep':
        deepMergeProps.push(key);
        break;
      default: {
        const unreachable: never = mode;
        throw new Error(`unknown merge mode ${String(unreachable)}`);
      }
    }
    for (const field of value.settings.matchOn) matchPropsOn.push(`${key}.${field}`);
  }
  if (mergeProps.length > 0) result.mergeProps = mergeProps;
  if (prependProps.length > 0) result.prependProps = prependProps;
  if (deepMergeProps.length > 0) result.deepMergeProps = deepMergeProps;
  if (matchPropsOn.length > 0) result.matchPropsOn = matchPropsOn;
}
