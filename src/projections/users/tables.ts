/**
 * Tables of the `users` read model (created by projection.ts, filled only by its `apply`).
 * Personal fields are stored opened (plaintext) here and removed with the row when the user
 * is deleted; a rebuild after a deletion cannot restore them (the data key is gone).
 *
 * users: id uuid PK · email (null: Discord account without one) · display_name (null only if
 *   the data key is missing) · role ('member' | 'admin') · iracing_customer_id · country ·
 *   has_password · discord_id · discord_username · session_epoch (bumped by every password
 *   change or reset: sessions signed in under an older epoch are signed out) · registered_at ·
 *   updated_at
 * user_emails: email_hash (HMAC of the normalised email, src/events/user-pii.ts) PK → user_id.
 *   The sign-in and uniqueness lookup; holds no readable email.
 * user_discord_accounts: discord_hash (HMAC of the Discord user id) PK → user_id.
 */
export const USERS_TABLE = 'users';
export const USER_EMAILS_TABLE = 'user_emails';
export const USER_DISCORD_TABLE = 'user_discord_accounts';

export interface UserRow {
  id: string;
  email: string | null;
  display_name: string | null;
  role: 'member' | 'admin';
  iracing_customer_id: number | null;
  country: string | null;
  has_password: boolean;
  discord_id: string | null;
  discord_username: string | null;
  session_epoch: number;
  registered_at: Date;
  updated_at: Date;
}
