/**
 * Shared-prop types as the client reads them. The shapes are owned by
 * web/inertia/shared-props.ts (imported by the server too); this module adds what the shell
 * needs on top: the product name fallback and the flash kinds it knows how to show.
 */
export type { AuthUser, FlashData, SharedProps } from '../inertia/shared-props.ts';

export type FlashKind = 'success' | 'error' | 'warning' | 'info';
export type FlashMessages = Partial<Record<FlashKind, string>>;

/** Page title and brand when the server sends no `appName` (spec §1, §9). */
export const PRODUCT_NAME = 'Pitwall';
