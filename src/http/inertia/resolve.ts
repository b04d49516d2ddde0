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

async function resolveValue(value: unknown): Promise<unknown> {
  const raw = isProp(value) ? value.value : value;
  return typeof raw === 'function' ? await (raw as () => unknown)() : raw;
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

export async function resolvePageProps(input: ResolveInput): Promise<ResolvedProps> {
  const { request, component, now } = input;
  const all: Record<string, unknown> = { ...input.shared, ...input.props };
  const isPartial = request.partialComponent !== null && request.partialComponent === component;
  const exceptOnce = new Set(request.exceptOnce);
  const reset = new Set(request.reset);
  const onlyTop = new Set(request.only.map(topKey));
  const exceptWhole = new Set(request.except.filter((p) => !p.includes('.')));

  const included: string[] = [];
  const deferredProps: Record<string, string[]> = {};
  const onceProps: NonNullable<PageObject['onceProps']> = {};

  const onceMeta = (key: string, prop: Prop<unknown>): void => {
    const once = prop.settings.once;
    if (once) onceProps[once.key ?? key] = { prop: key, expiresAt: expiryOf(once, now) };
  };

  for (const [key, value] of Object.entries(all)) {
    if (key === 'errors') continue;
    const prop = isProp(value) ? value : null;
    const loading = prop?.settings.loading ?? 'eager';
    if (isPartial) {
      const wanted = request.only.length === 0 || onlyTop.has(key);
      if ((wanted && !exceptWhole.has(key)) || loading === 'always') {
        included.push(key);
        if (prop) onceMeta(key, prop);
      }
      continue;
    }
    const once = prop?.settings.once ?? null;
    const clientHasIt = once !== null && !once.fresh && exceptOnce.has(once.key ?? key);
    if (prop) onceMeta(key, prop);
    if (loading === 'optional') continue;
    if (loading === 'deferred') {
      if (!clientHasIt) (deferredProps[prop!.settings.group] ??= []).push(key);
      continue;
    }
    if (clientHasIt) continue;
    included.push(key);
  }

  const props: Record<string, unknown> = {};
  const rescuedProps: string[] = [];
  await Promise.all(
    included.map(async (key) => {
      const value = all[key];
      try {
        props[key] = await resolveValue(value);
      } catch (err) {
        if (isProp(value) && value.settings.rescue && value.settings.loading === 'deferred') {
          rescuedProps.push(key);
          input.onRescued?.(key, err);
          return;
        }
        throw err;
      }
    }),
  );

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

  // Keep the order of declaration stable (Promise.all filled `props` in completion order).
  const ordered: Record<string, unknown> = {};
  for (const key of included) if (key in props) ordered[key] = props[key];
  ordered.errors = input.errors;

  const mergeProps: string[] = [];
  const prependProps: string[] = [];
  const deepMergeProps: string[] = [];
  const matchPropsOn: string[] = [];
  for (const key of Object.keys(ordered)) {
    const value = all[key];
    if (!isProp(value) || value.settings.merge === null || reset.has(key)) continue;
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

  const result: ResolvedProps = {
    props: ordered as ResolvedProps['props'],
    rescuedProps: rescuedProps.sort(),
  };
  if (!isPartial && Object.keys(deferredProps).length > 0) result.deferredProps = deferredProps;
  if (mergeProps.length > 0) result.mergeProps = mergeProps;
  if (prependProps.length > 0) result.prependProps = prependProps;
  if (deepMergeProps.length > 0) result.deepMergeProps = deepMergeProps;
  if (matchPropsOn.length > 0) result.matchPropsOn = matchPropsOn;
  if (Object.keys(onceProps).length > 0) result.onceProps = onceProps;
  const sharedKeys = Object.keys(input.shared).filter((k) => k !== 'errors');
  if (sharedKeys.length > 0) result.sharedProps = sharedKeys;
  return result;
}
