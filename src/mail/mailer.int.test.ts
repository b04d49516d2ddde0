import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';
import { deleteMailOf, MAIL_OUTBOX_TABLE } from './outbox.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/runtime.ts';
import { logger } from '../http/accounts/test-support/harness.ts';

/**
 * The mailer against a minimal SMTP server on loopback (greeting, EHLO, MAIL, RCPT, DATA, QUIT):
 * with SMTP_URL a message is delivered and its outbox row deleted; a refused delivery stays as
 * 'failed'; without SMTP it stays as 'kept'.
 */
interface Received {
  from: string;
  to: string[];
  data: string;
}

function startSmtpStandIn(opts: { refuseRecipients?: boolean } = {}) {
  const received: Received[] = [];
  const server = net.createServer((socket) => {
    let mail: Received = { from: '', to: [], data: '' };
    let inData = false;
    let buffer = '';
    socket.write('220 standin ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(mail);
            mail = { from: '', to: [], data: '' };
            socket.write('250 queued\r\n');
          } else mail.data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') {
          socket.write('250 standin\r\n');
        } else if (verb === 'MAIL') {
          mail.from = line;
          socket.write('250 ok\r\n');
        } else if (verb === 'RCPT') {
          if (opts.refuseRecipients) {
            socket.write('550 no such mailbox\r\n');
          } else {
            mail.to.push(line);
            socket.write('250 ok\r\n');
          }
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
        } else {
          socket.write('250 ok\r\n');
        }
      }
    });
  });
  return new Promise<{ url: string; received: Received[]; close: () => Promise<void> }>(
    (resolve) => {
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        resolve({
          url: `smtp://127.0.0.1:${port}`,
          received,
          close: () => new Promise((r) => server.close(() => r())),
        });
      });
    },
  );
}

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ poolMax: 3 });
});
afterAll(async () => {
  await db?.drop();
});

const rows = () =>
  db
    .knex(MAIL_OUTBOX_TABLE)
    .orderBy('id')
    .select<
      { recipient: string; status: string; last_error: string | null; user_id: string | null }[]
    >('recipient', 'status', 'last_error', 'user_id');
const message = {
  userId: '5b0c7a52-6a3f-4c1e-9d62-2f1b7e0c9a11',
  to: 'jane@example.com',
  subject: 'Reset your password',
  text: 'Open http://x/reset?token=abc',
};

describe('mailer', () => {
  it('delivers through SMTP_URL and then deletes the outbox row', async () => {
    const smtp = await startSmtpStandIn();
    const mailer = createMailer({
      knex: db.knex,
      logger,
      smtpUrl: smtp.url,
      from: 'Pitwall <no-reply@pitwall.test>',
    });
    await mailer.send(message);
    await mailer.close(); // waits for the background delivery
    await smtp.close();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to.join()).toContain('jane@example.com');
    expect(smtp.received[0]!.data).toContain('Subject: Reset your password');
    expect(smtp.received[0]!.data).toContain('http://x/reset?token=abc');
    expect(await rows()).toEqual([]);
  });

  it('keeps a refused message as failed, with the error', async () => {
    const smtp = await startSmtpStandIn({ refuseRecipients: true });
    const mailer = createMailer({
      knex: db.knex,
      logger,
      smtpUrl: smtp.url,
      from: 'no-reply@pitwall.test',
    });
    await mailer.send(message);
    await mailer.close();
    await smtp.close();
    const [row] = await rows();
    expect(row).toMatchObject({ recipient: 'jane@example.com', status: 'failed' });
    expect(row!.last_error).toMatch(/550|mailbox/);
    await deleteMailOf(db.knex, message.userId);
    expect(await rows()).toEqual([]);
  });

  it('keeps the message in the outbox without SMTP', async () => {
    const mailer = createMailer({ knex: db.knex, logger, from: 'no-reply@pitwall.test' });
    await mailer.send(message);
    await mailer.close();
    expect(await rows()).toEqual([
      { recipient: 'jane@example.com', status: 'kept', last_error: null, user_id: message.userId },
    ]);
  });

  it('never logs a link secret or the address; in production a kept or failed row has no working link', async () => {
    const lines: string[] = [];
    const captured = pino({ level: 'info' }, { write: (l: string) => void lines.push(l) });
    const body = () =>
      db.knex(MAIL_OUTBOX_TABLE).orderBy('id', 'desc').first<{ body_text: string }>('body_text');

    const dev = createMailer({ knex: db.knex, logger: captured, from: 'no-reply@pitwall.test' });
    await dev.send(message);
    await dev.close();
    expect((await body()).body_text).toContain('token=abc'); // the developer's mailbox

    const prod = createMailer({
      knex: db.knex,
      logger: captured,
      from: 'no-reply@pitwall.test',
      redactKept: true,
    });
    await prod.send(message);
    await prod.close();
    expect((await body()).body_text).toBe('Open http://x/reset?token=[redacted]');

    const smtp = await startSmtpStandIn({ refuseRecipients: true });
    const failing = createMailer({
      knex: db.knex,
      logger: captured,
      smtpUrl: smtp.url,
      from: 'no-reply@pitwall.test',
    });
    await failing.send(message);
    await failing.close();
    await smtp.close();
    expect((await body()).body_text).not.toContain('token=abc');

    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).not.toContain('token=abc');
      expect(line).not.toContain('jane@example.com');
    }
    await deleteMailOf(db.knex, message.userId);
  });
});
