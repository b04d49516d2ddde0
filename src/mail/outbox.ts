import type { Knex } from 'knex';

/**
 * mail_outbox (migrations/0063_accounts_mail_outbox.ts): every message is written here before
 * any delivery attempt. Rows hold a recipient address, so they are erased with the account
 * (`deleteMailOf`) and kept messages are pruned after KEEP_DAYS.
 */
export const MAIL_OUTBOX_TABLE = 'mail_outbox';
export const KEEP_DAYS = 7;

export type OutboxStatus = 'pending' | 'kept' | 'failed';

export interface OutboxRow {
  id: number;
  user_id: string | null;
  recipient: string;
  subject: string;
  body_text: string;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  created_at: Date;
}

export async function insertOutbox(
  db: Knex,
  row: {
    userId: string | null;
    recipient: string;
    subject: string;
    text: string;
    status: OutboxStatus;
    now: Date;
  },
): Promise<number> {
  const [inserted] = await db(MAIL_OUTBOX_TABLE)
    .insert({
      user_id: row.userId,
      recipient: row.recipient,
      subject: row.subject,
      body_text: row.text,
      status: row.status,
      created_at: row.now,
    })
    .returning<{ id: number }[]>('id');
  return inserted!.id;
}

/** Erases every message addressed to the user (account deletion). */
export async function deleteMailOf(db: Knex | Knex.Transaction, userId: string): Promise<void> {
  await db(MAIL_OUTBOX_TABLE).where({ user_id: userId }).delete();
}

export async function pruneOutbox(db: Knex, now: Date): Promise<void> {
  await db(MAIL_OUTBOX_TABLE)
    .where('created_at', '<', new Date(now.getTime() - KEEP_DAYS * 24 * 3600_000))
    .delete();
}
