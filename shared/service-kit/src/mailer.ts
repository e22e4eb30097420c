import { appendFile, chmod, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { mailsTotal } from './metrics';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Extra headers of fixed names set by our code (e.g. RFC 8058 `List-Unsubscribe` and
   * `List-Unsubscribe-Post`); never user text.
   */
  headers?: Record<string, string>;
}

/** One line of `${DATA_DIR}/outbox/mails.jsonl`. */
export interface OutboxMail extends Mail {
  sentAt: string;
}

export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function outboxFile(dataDir: string): string {
  return join(dataDir, 'outbox', 'mails.jsonl');
}

const LINK = /https?:\/\/[^\s"'<>]+/g;

/**
 * nodemailer with SMTP when `smtpUrl` is set; otherwise the local outbox: one console line with
 * the subject and the links, and the mail appended as a JSON line to
 * `${dataDir}/outbox/mails.jsonl` (the gateway serves it at GET /dev/mails).
 */
export function createMailer(options: { smtpUrl?: string; dataDir: string; from: string; logger?: Logger }): Mailer {
  const mailer = transportMailer(options);
  const mails = mailsTotal();
  // Counted here, whichever the transport: `mails_total{transport, outcome}`.
  return {
    ...mailer,
    async send(mail) {
      try {
        await mailer.send(mail);
      } catch (err) {
        mails.inc({ transport: mailer.mode, outcome: 'failed' });
        throw err;
      }
      mails.inc({ transport: mailer.mode, outcome: 'sent' });
    },
  };
}

/**
 * Time limits of an SMTP exchange, unless the URL sets its own (nodemailer reads them from its query
 * string). A mail is sent under a lease its sender holds in the database (5 minutes); nodemailer's
 * own socket timeout (10 minutes) would let a stalled exchange outlive the lease, and another copy
 * send the same mail.
 */
export const SMTP_TIMEOUTS_MS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 } as const;

/** `smtpUrl` with SMTP_TIMEOUTS_MS for the limits it does not name. */
export function smtpUrlWithTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, ms] of Object.entries(SMTP_TIMEOUTS_MS)) if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  return url.toString();
}

function transportMailer(options: { smtpUrl?: string; dataDir: string; from: string; logger?: Logger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrlWithTimeouts(options.smtpUrl));
    return {
      mode: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
        options.logger?.info({ subject: mail.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const file = outboxFile(options.dataDir);
  let tightened = false;
  return {
    mode: 'outbox',
    async send(mail) {
      const entry: OutboxMail = {
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.headers ? { headers: mail.headers } : {}),
        sentAt: new Date().toISOString(),
      };
      // The outbox holds sign-in codes, givers' messages and postal addresses: only this user may
      // read it (a directory made looser by hand or by an older version is tightened).
      const dir = join(options.dataDir, 'outbox');
      await mkdir(dir, { recursive: true, mode: 0o700 });
      if (!tightened) {
        await chmod(dir, 0o700);
        await appendFile(file, '', { mode: 0o600 });
        await chmod(file, 0o600);
        tightened = true;
      }
      // One write per line with O_APPEND: lines from several processes do not interleave.
      await appendFile(file, `${JSON.stringify(entry)}\n`, { encoding: 'utf8', mode: 0o600 });
      const links = [...new Set(mail.text.match(LINK) ?? [])];
      if (!process.env.JEST_WORKER_ID) {
        console.log(`[outbox] mail to ${mail.to}: "${mail.subject}"${links.length ? ` ${links.join(' ')}` : ''}`);
      }
    },
    close: () => undefined,
  };
}

/** The outbox, newest first; unreadable lines are skipped; a missing file is an empty outbox. */
export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  let content: string;
  try {
    content = await readFile(outboxFile(dataDir), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const mails: OutboxMail[] = [];
  for (const line of content.split('\n')) {
    if (!line.trim()) continue;
    try {
      const m = JSON.parse(line) as Partial<OutboxMail>;
      if (typeof m.to === 'string' && typeof m.subject === 'string' && typeof m.sentAt === 'string') {
        mails.push({ to: m.to, subject: m.subject, text: String(m.text ?? ''), html: String(m.html ?? ''), sentAt: m.sentAt });
      }
    } catch {
      // a torn line (crash mid-write) is skipped
    }
  }
  return mails.reverse();
}
