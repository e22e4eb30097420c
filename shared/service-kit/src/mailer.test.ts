import { appendFile, chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { createMailer, outboxFile, readOutbox, smtpUrlWithTimeouts } from './mailer';

describe('createMailer (local outbox)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'outbox-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('appends each mail as a JSON line and reads them back newest first', async () => {
    const mailer = createMailer({ dataDir: dir, from: 'Wishlist <no-reply@x.org>' });
    expect(mailer.mode).toBe('outbox');
    await mailer.send({ to: 'a@x.org', subject: 'First', text: 'Open http://localhost:8080/validate-email/t1/123', html: '<p>1</p>' });
    await mailer.send({ to: 'b@x.org', subject: 'Second', text: 'Hi', html: '<p>2</p>' });
    const lines = (await readFile(outboxFile(dir), 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0])).toMatchObject({ to: 'a@x.org', subject: 'First', html: '<p>1</p>' });
    const mails = await readOutbox(dir);
    expect(mails.map((m) => m.subject)).toEqual(['Second', 'First']);
    expect(new Date(mails[0].sentAt).getTime()).not.toBeNaN();
  });

  it('reads a missing outbox as empty and skips torn lines', async () => {
    expect(await readOutbox(dir)).toEqual([]);
    const mailer = createMailer({ dataDir: dir, from: 'x@x.org' });
    await mailer.send({ to: 'a@x.org', subject: 'Ok', text: 't', html: 'h' });
    await appendFile(outboxFile(dir), '{"to":"broken\n');
    expect((await readOutbox(dir)).map((m) => m.subject)).toEqual(['Ok']);
  });

  it('keeps the outbox private to its user (directory 0700, file 0600), tightening a loose one', async () => {
    const mailer = createMailer({ dataDir: dir, from: 'x@x.org' });
    await mailer.send({ to: 'a@x.org', subject: 'Code', text: 't', html: 'h' });
    expect((await stat(join(dir, 'outbox'))).mode & 0o777).toBe(0o700);
    expect((await stat(outboxFile(dir))).mode & 0o777).toBe(0o600);

    const loose = await mkdtemp(join(tmpdir(), 'outbox-loose-'));
    try {
      await mkdir(join(loose, 'outbox'), { mode: 0o755 });
      await writeFile(outboxFile(loose), '', { mode: 0o644 });
      await chmod(outboxFile(loose), 0o644);
      await createMailer({ dataDir: loose, from: 'x@x.org' }).send({ to: 'a@x.org', subject: 'Code', text: 't', html: 'h' });
      expect((await stat(join(loose, 'outbox'))).mode & 0o777).toBe(0o700);
      expect((await stat(outboxFile(loose))).mode & 0o777).toBe(0o600);
    } finally {
      await rm(loose, { recursive: true, force: true });
    }
  });

  it('uses SMTP when SMTP_URL is set', () => {
    const mailer = createMailer({ dataDir: dir, from: 'x@x.org', smtpUrl: 'smtp://127.0.0.1:2525' });
    expect(mailer.mode).toBe('smtp');
    mailer.close();
  });
});

describe('SMTP time limits', () => {
  it('gives nodemailer limits shorter than a mail lease, keeping those the URL names', () => {
    const options = (url: string) => (nodemailer.createTransport(smtpUrlWithTimeouts(url)) as unknown as { transporter: { options: Record<string, unknown> } }).transporter.options;
    const plain = options('smtps://mailer:s%40cret@smtp.example.com:465');
    expect(plain).toMatchObject({ host: 'smtp.example.com', port: 465, secure: true, auth: { user: 'mailer', pass: 's@cret' } });
    expect(plain).toMatchObject({ connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
    expect(options('smtp://smtp.example.com:25/?socketTimeout=5000').socketTimeout).toBe(5000);
  });
});
