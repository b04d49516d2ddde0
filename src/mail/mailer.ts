import type { Knex } from 'knex';
import nodemailer from 'nodemailer';
import type { Logger } from '../logger.ts';
import { insertOutbox, MAIL_OUTBOX_TABLE, pruneOutbox, type OutboxRow } from './outbox.ts';
import { redactMailSecrets } from './redact.ts';

export interface MailMessage {
  /** The account the mail is about, so its deletion erases the message. */
  userId: string | null;
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /**
   * Records the message in the outbox and returns without waiting for delivery, so the time
   * a request takes says nothing about whether a mail went out. With SMTP_URL the message is
   * sent in the background and its row deleted once the server accepted it (a failure stays
   * as status 'failed' with the error, link secrets redacted); without it the row stays
   * ('kept') and a log line carries subject and text with link secrets and addresses redacted.
   */
  send(message: MailMessage): Promise<void>;
  /** Waits for deliveries in flight and closes the SMTP transport. */
  close(): Promise<void>;
}

export interface MailerOptions {
  knex: Knex;
  logger: Logger;
  smtpUrl?: string | undefined;
  from: string;
  now?: () => Date;
  /**
   * Production without SMTP_URL: a kept message cannot reach anyone, so its row keeps the text
   * with link secrets redacted (a reset link in a table is only a liability). Outside production
   * the kept row is the developer's mailbox and holds the working link.
   */
  redactKept?: boolean;
}

export function createMailer(opts: MailerOptions): Mailer {
  const now = opts.now ?? (() => new Date());
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const inFlight = new Set<Promise<void>>();

  async function deliver(id: number): Promise<void> {
    if (!transport) return;
    const row = await opts.knex<OutboxRow>(MAIL_OUTBOX_TABLE).where({ id }).first();
    if (!row) return;
    try {
      await transport.sendMail({
        from: opts.from,
        to: row.recipient,
        subject: row.subject,
        text: row.body_text,
      });
      await opts.knex(MAIL_OUTBOX_TABLE).where({ id }).delete();
      opts.logger.info({ outboxId: id }, 'mail sent');
    } catch (err) {
      await opts
        .knex(MAIL_OUTBOX_TABLE)
        .where({ id })
        .update({
          status: 'failed',
          attempts: row.attempts + 1,
          // Not delivered: keep what it said, not the working link or the address in the error.
          body_text: redactMailSecrets(row.body_text),
          last_error: redactMailSecrets(String(err)).slice(0, 500),
        });
      opts.logger.error(
        { error: redactMailSecrets(String(err)), outboxId: id },
        'mail delivery failed; kept in the outbox',
      );
    }
  }

  return {
    async send(message) {
      const at = now();
      await pruneOutbox(opts.knex, at);
      const id = await insertOutbox(opts.knex, {
        userId: message.userId,
        recipient: message.to,
        subject: message.subject,
        text: !transport && opts.redactKept ? redactMailSecrets(message.text) : message.text,
        status: transport ? 'pending' : 'kept',
        now: at,
      });
      if (!transport) {
        // The recipient stays out of the log; the outbox row has it.
        // Neither the recipient nor a link's secret reaches the log; the outbox row has them
        // (outside production, where the kept row is the developer's mailbox).
        opts.logger.info(
          { outboxId: id, subject: message.subject, text: redactMailSecrets(message.text) },
          'mail kept in the outbox (SMTP_URL is not set)',
        );
        return;
      }
      const job = deliver(id)
        .catch((err: unknown) => opts.logger.error({ err, outboxId: id }, 'mail delivery crashed'))
        .finally(() => inFlight.delete(job));
      inFlight.add(job);
    },
    async close() {
      await Promise.all([...inFlight]);
      transport?.close();
    },
  };
}
