/**
 * Prop wrappers for Inertia pages: how and when a prop travels, not what it holds.
 *
 * A plain value (or a function, resolved lazily) is an eager prop: sent on the first visit and
 * on partial reloads that ask for it. The wrappers below change that, following the Inertia v3
 * protocol (the same semantics as inertia-laravel and @adonisjs/inertia):
 *  - `optional(fn)`: never on a standard visit; only when a partial reload names it.
 *  - `always(v)`: in every response, even partial reloads that did not name it.
 *  - `defer(fn, group)`: absent from the first response and listed in `deferredProps[group]`;
 *    the client then fetches each group with a partial reload.
 *  - `.merge()` / `.prepend()` / `.deepMerge()` (+ `.matchOn(...)`): the client merges the new
 *    value into the one it has instead of replacing it (unless the request resets it).
 *  - `once(fn)` / `.once()`: resolved once per client; later visits that list the key in
 *    `X-Inertia-Except-Once-Props` skip resolving it and the client keeps its copy.
 */

export type Resolvable<T> = T | (() => T | Promise<T>);

export type Loading = 'eager' | 'optional' | 'deferred' | 'always';
export type MergeMode = 'append' | 'prepend' | 'deep';

export interface OnceOptions {
  /** The key under which the client caches the prop (default: the prop name). */
  key?: string;
  /** Absolute expiry (epoch ms or Date); wins over `expiresIn`. */
  expiresAt?: number | Date;
  /** Relative expiry in milliseconds from the moment the response is built. */
  expiresIn?: number;
  /** Resolve even when the client says it already holds the value. */
  fresh?: boolean;
}

export interface PropSettings {
  loading: Loading;
  group: string;
  merge: MergeMode | null;
  matchOn: readonly string[];
  once: OnceOptions | null;
  rescue: boolean;
}

const marker = Symbol.for('pitwall.inertia.prop');

/** A prop with protocol behaviour attached. Immutable: every modifier returns a new Prop. */
export class Prop<T> {
  readonly [marker] = true;
  /** Phantom field carrying the value type, so `render` can check wrapped props too. */
  declare readonly __value?: T;

  constructor(
    readonly value: Resolvable<T>,
    readonly settings: PropSettings,
  ) {}

  private with(changes: Partial<PropSettings>): Prop<T> {
    return new Prop(this.value, { ...this.settings, ...changes });
  }

  /** Append arrays / shallow-merge objects into the client's current value. */
  merge(): Prop<T> {
    return this.with({ merge: 'append' });
  }
  prepend(): Prop<T> {
    return this.with({ merge: 'prepend' });
  }
  deepMerge(): Prop<T> {
    return this.with({ merge: 'deep' });
  }
  /** Merge array items that share these fields (e.g. 'id') instead of appending duplicates. */
  matchOn(...fields: string[]): Prop<T> {
    return this.with({ matchOn: fields, merge: this.settings.merge ?? 'append' });
  }
  once(options: OnceOptions = {}): Prop<T> {
    return this.with({ once: options });
  }
  /**
   * A deferred prop whose resolver throws is left out and listed in `rescuedProps` (the client's
   * `<Deferred>` shows its rescue slot) instead of failing the whole partial reload.
   */
  rescue(): Prop<T> {
    return this.with({ rescue: true });
  }
}

const base: PropSettings = {
  loading: 'eager',
  group: 'default',
  merge: null,
  matchOn: [],
  once: null,
  rescue: false,
};

export function isProp(value: unknown): value is Prop<unknown> {
  return typeof value === 'object' && value !== null && marker in value;
}

export function optional<T>(resolve: () => T | Promise<T>): Prop<T> {
  return new Prop(resolve, { ...base, loading: 'optional' });
}

export function always<T>(value: Resolvable<T>): Prop<T> {
  return new Prop(value, { ...base, loading: 'always' });
}

export function defer<T>(resolve: () => T | Promise<T>, group = 'default'): Prop<T> {
  return new Prop(resolve, { ...base, loading: 'deferred', group });
}

export function merge<T>(value: Resolvable<T>): Prop<T> {
  return new Prop(value, { ...base, merge: 'append' });
}

export function prepend<T>(value: Resolvable<T>): Prop<T> {
  return new Prop(value, { ...base, merge: 'prepend' });
}

export function deepMerge<T>(value: Resolvable<T>): Prop<T> {
  return new Prop(value, { ...base, merge: 'deep' });
}

export function once<T>(value: Resolvable<T>, options: OnceOptions = {}): Prop<T> {
  return new Prop(value, { ...base, once: options });
}

/** What `render` accepts for a prop whose page-side type is T. */
export type PropInput<T> = T | Prop<T> | (() => T | Promise<T>);
