import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildBrand } from '../../test/factories';
import { type TestApp, ENGINES, createTestApp } from '../../test/harness';
import { type Caller, graphql, signInNewMember } from '../../test/http';
import { createMailRepository } from '../mail/mail.repository';
import { createSupportRepository } from './support.repository';
import { createSupportService, csvField } from './support.service';

const SUBMIT = `mutation ($input: ReportInput!) { member { submitReport(input: $input) {
  responseResult { succeeded slug } feedback { id kind mediaType mediaId title positionSeconds issueIds message } } } }`;
const FEEDBACKS = `{ member { info { feedbacks { id kind title positionSeconds issueIds message } } } }`;

interface SubmitData {
  member: {
    submitReport: {
      responseResult: { succeeded: boolean; slug: string | null };
      feedback: { id: number; issueIds: number[]; positionSeconds: number | null } | null;
    };
  };
}

describe.each(ENGINES)('support reports (%s)', (engine) => {
  let t: TestApp;
  let brand: { id: number; hostname: string };

  beforeAll(async () => {
    t = await createTestApp(engine);
    brand = await buildBrand(t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const submit = (caller: Caller, input: Record<string, unknown>) =>
    graphql<SubmitData>(t.app, caller, SUBMIT, { input });

  it('stores a problem report once per key, lists it for its member only, and mails an acknowledgement', async () => {
    const member = await signInNewMember(t, brand);
    const stranger = await signInNewMember(t, brand);
    const input = {
      kind: 'problem',
      requestKey: `key-${String(member.id)}-problem`,
      mediaType: 'movie',
      mediaId: '42',
      title: 'Night Train',
      positionSeconds: 754,
      issueIds: [2, 1],
      message: 'Stutters after the tunnel.',
    };
    const [first, second] = await Promise.all([submit(member.caller, input), submit(member.caller, input)]);
    const results = [first, second];
    for (const result of results)
      expect(result.data?.member.submitReport.responseResult.succeeded).toBe(true);
    expect(first.data?.member.submitReport.feedback?.id).toBe(second.data?.member.submitReport.feedback?.id);
    expect(first.data?.member.submitReport.feedback).toMatchObject({
      issueIds: [1, 2],
      positionSeconds: 754,
    });

    const mine = await graphql<{ member: { info: { feedbacks: { title: string }[] } } }>(
      t.app,
      member.caller,
      FEEDBACKS,
    );
    expect(mine.data?.member.info.feedbacks).toHaveLength(1);
    expect(mine.data?.member.info.feedbacks[0]?.title).toBe('Night Train');
    const theirs = await graphql<{ member: { info: { feedbacks: unknown[] } } }>(
      t.app,
      stranger.caller,
      FEEDBACKS,
    );
    expect(theirs.data?.member.info.feedbacks).toEqual([]);

    const mails = await createMailRepository(t.db.kysely).listOutbox(brand.id, 50);
    const acknowledgements = mails.filter((mail) => mail.to_address === member.email);
    expect(acknowledgements).toHaveLength(1);
  });

  it('refuses forged and oversized reports, storing nothing', async () => {
    const member = await signInNewMember(t, brand);
    const base = { kind: 'problem', requestKey: `bad-${String(member.id)}-0001`, mediaType: 'ebook' };
    const slugs = await Promise.all(
      [
        { ...base, issueIds: [1] },
        { ...base, issueIds: [99] },
        { ...base, issueIds: [] },
        { ...base, kind: 'complaint', message: 'x' },
        { ...base, message: 'x'.repeat(5_000) },
        { ...base, issueIds: [19], requestKey: 'short' },
        { ...base, issueIds: [19], positionSeconds: -5 },
      ].map(
        async (input) => (await submit(member.caller, input)).data?.member.submitReport.responseResult.slug,
      ),
    );
    expect(slugs).toEqual([
      'issue_not_for_media_type',
      'unknown_issue',
      'empty_report',
      'invalid_report_kind',
      'text_too_long',
      'invalid_report_key',
      'invalid_position',
    ]);
    const rows = await t.db.kysely
      .selectFrom('support_reports')
      .select('id')
      .where('member_id', '=', member.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('exports the brand’s reports as CSV, formulas defused', async () => {
    const member = await signInNewMember(t, brand);
    await submit(member.caller, {
      kind: 'feedback',
      requestKey: `fb-${String(member.id)}-0001`,
      message: '=HYPERLINK("x")',
    });
    const service = createSupportService({
      repository: createSupportRepository(t.db.kysely),
      mail: { deliver: () => Promise.resolve() },
    });
    const { csv, count } = await service.exportCsv(brand.id, new Date(0).toISOString());
    expect(count).toBeGreaterThanOrEqual(1);
    expect(csv.split('\r\n')[0]).toContain('id,created_at,email,kind');
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csvField('plain')).toBe('"plain"');
  });
});
