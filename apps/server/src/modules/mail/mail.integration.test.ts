import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { buildBrand } from '../../test/factories';
import { ENGINES, type TestDb, createTestDb } from '../../test/harness';
import { createMailRepository } from './mail.repository';
import { createMailService } from './mail.service';
import type { SendMail } from './mail.smtp';

const NOW = new Date('2026-03-01T10:00:00.000Z');

describe.each(ENGINES)('mail outbox (%s)', (engine) => {
  let db: TestDb;
  let brandId: number;

  beforeAll(async () => {
    db = await createTestDb(engine);
    brandId = (await buildBrand(db)).id;
  });
  afterAll(() => db.cleanup());

  const mail = (subject: string) => ({
    brandId,
    memberId: null,
    kind: 'notice',
    to: 'someone@example.com',
    subject,
    text: 'Hello',
  });

  /** The outbox row of the mail with this subject, once delivery has settled. */
  async function rowOf(service: ReturnType<typeof createMailService>, subject: string) {
    return vi.waitFor(async () => {
      const row = (await service.listOutbox(brandId)).find((entry) => entry.subject === subject);
      if (!row || (row.sent_at === null && row.error === null)) throw new Error('not settled yet');
      return row;
    });
  }

  it('keeps the mail in the outbox when no SMTP server is configured', async () => {
    const service = createMailService({ repository: createMailRepository(db.kysely), sendMail: null });
    await service.deliver(mail('Kept'));
    const row = (await service.listOutbox(brandId)).find((entry) => entry.subject === 'Kept');
    expect(row).toMatchObject({ to_address: 'someone@example.com', sent_at: null, error: null });
  });

  it('marks a mail sent once SMTP took it', async () => {
    const sendMail = vi.fn<SendMail>(() => Promise.resolve());
    const service = createMailService({
      repository: createMailRepository(db.kysely),
      sendMail,
      now: () => NOW,
    });
    await service.deliver(mail('Sent'));
    expect((await rowOf(service, 'Sent')).sent_at).toBe(NOW.toISOString());
    expect(sendMail).toHaveBeenCalledWith(
      expect.objectContaining({ subject: 'Sent', to: 'someone@example.com' }),
    );
  });

  it('keeps the error of a mail SMTP refused, and reports it', async () => {
    const onMailError = vi.fn();
    const service = createMailService({
      repository: createMailRepository(db.kysely),
      sendMail: () => Promise.reject(new Error('550 mailbox unavailable')),
      onMailError,
    });
    await service.deliver(mail('Refused'));
    expect(await rowOf(service, 'Refused')).toMatchObject({
      sent_at: null,
      error: '550 mailbox unavailable',
    });
    expect(onMailError).toHaveBeenCalledOnce();
  });
});
