/**
 * Props every page receives (shared by the server's Inertia adapter, src/http/inertia). The
 * server imports these types too, so the two sides cannot drift.
 */
export interface AuthUser {
  id: string;
  displayName: string;
  role: 'member' | 'admin';
}

/** One-shot messages set by a mutation and shown on the page that follows it. */
export interface FlashData {
  success?: string;
  error?: string;
  info?: string;
  [key: string]: unknown;
}

export interface SharedProps {
  appName: string;
  auth: { user: AuthUser | null };
  flash: FlashData;
}

declare module '@inertiajs/core' {
  interface InertiaConfig {
    sharedPageProps: SharedProps;
    flashDataType: FlashData;
  }
}
