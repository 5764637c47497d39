import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '../src/adapters/mail/smtp';
import { describeEachDatabase } from './databases';
import { useTestApp } from './app';

describe('the SMTP transport', () => {
  const received: { from: string; to: string[]; raw: string }[] = [];
  let server: SMTPServer;
  let port: number;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers a message to a real SMTP server', async () => {
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`, 'Cooperative <no-reply@coop.test>');
    await transport.send({
      to: 'ada@example.com',
      subject: 'Hello',
      text: 'Open http://x.test/a',
      html: '<p>Open <a href="http://x.test/a">it</a></p>',
    });
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['ada@example.com']);
    expect(received[0]!.from).toBe('no-reply@coop.test');
    expect(received[0]!.raw).toContain('Subject: Hello');
    expect(received[0]!.raw).toContain('http://x.test/a');
  });
});

describeEachDatabase('the outbox transport', (database) => {
  const ctx = useTestApp(database);

  it('keeps mails and lists them for an address, newest first, with their links', async () => {
    await ctx.app.mailer.send({
      to: 'Bola@Example.com',
      subject: 'First',
      text: 'see https://coop.test/one',
      html: '<a href="https://coop.test/one">one</a>',
    });
    await ctx.app.mailer.send({
      to: 'bola@example.com',
      subject: 'Second',
      text: 'see https://coop.test/two?x=1&y=2',
      html: '',
    });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/dev/mail?to=bola@example.com' });
    expect(res.statusCode).toBe(200);
    const mails = res.json();
    expect(mails.map((m: { subject: string }) => m.subject)).toEqual(['Second', 'First']);
    expect(mails[0].links).toEqual(['https://coop.test/two?x=1&y=2']);
    expect(mails[1].links).toEqual(['https://coop.test/one']);
  });
});
