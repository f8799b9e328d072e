import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTransactionRunner } from '../../db/transaction';
import { buildBrand } from '../../test/factories';
import { ENGINES } from '../../test/harness';
import { type Caller, graphql, signInNewMember } from '../../test/http';
import { createCatalogRepository } from '../catalog/catalog.repository';
import { type BillingTestApp, createBillingTestApp } from '../payments/billing.test-helpers';
import { createLiveRepository } from './live.repository';
import { createLiveService } from './live.service';

/*
 * The live reminders job (issue 14 item 7, decision 036), on both engines: a reminder is mailed once,
 * shortly before its broadcast starts (at once when set later than that), in the member's language,
 * with a link to the match's live page on the origin it was set from; never once the broadcast ended
 * or the reminder was removed; once even when two runs race or a run dies before its commit; and
 * nobody else's reminder is touched.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const SET = `mutation ($mediaId: Int!, $startsAt: String!) { member {
  setLiveReminder(mediaId: $mediaId, startsAt: $startsAt) { responseResult { succeeded slug } } } }`;
const REMOVE = `mutation ($mediaId: Int!, $startsAt: String!) { member {
  removeLiveReminder(mediaId: $mediaId, startsAt: $startsAt) { responseResult { succeeded slug } } } }`;

interface Broadcast {
  id: number;
  slug: string;
  startsAt: string;
}

describe.each(ENGINES)('live reminders job (%s)', (engine) => {
  let t: BillingTestApp;
  let brand: { id: number; hostname: string };
  let other: { id: number; hostname: string };

  beforeAll(async () => {
    t = await createBillingTestApp(engine, { loginRateLimitPerMinute: 100_000 });
    // The app's own job runner leaves the job to the test: its next run is put off for good.
    await t.db.kysely
      .insertInto('job_leases')
      .values({ name: 'live-reminders', next_run_at: '2100-01-01T00:00:00.000Z' })
      .onConflict((conflict) =>
        conflict.column('name').doUpdateSet({ next_run_at: '2100-01-01T00:00:00.000Z' }),
      )
      .execute();
    brand = await buildBrand(t.db);
    other = await buildBrand(t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A stream of `brandId` with one broadcast from `startsInMs` (from now) for two hours. */
  async function broadcast(brandId: number, title: string, startsInMs: number): Promise<Broadcast> {
    const startsAtMs = Date.now() + startsInMs;
    const startsAt = new Date(startsAtMs).toISOString();
    const repo = createCatalogRepository(t.db.kysely, t.db.dialect);
    const [id] = await repo.insertMedia([
      {
        brandId,
        mediaType: 'stream' as const,
        title,
        playbackKey: '/media/demo/live/match-day/index.m3u8',
        details: {
          liveSchedule: [
            { title, startsAt, endsAt: new Date(startsAtMs + 2 * HOUR).toISOString(), replay: false },
          ],
        },
      },
    ]);
    if (id === undefined) throw new Error('no stream');
    const row = await t.db.kysely
      .selectFrom('media_items')
      .select('slug')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { id, slug: row.slug, startsAt };
  }

  const set = async (caller: Caller, stream: Broadcast) =>
    (
      await graphql<{ member: { setLiveReminder: { responseResult: { succeeded: boolean } } } }>(
        t.app,
        caller,
        SET,
        { mediaId: stream.id, startsAt: stream.startsAt },
      )
    ).data?.member.setLiveReminder.responseResult.succeeded;

  const mailsTo = (memberId: number) =>
    t.db.kysely
      .selectFrom('mail_outbox')
      .select(['brand_id', 'member_id', 'kind', 'to_address', 'subject', 'text_body'])
      .where('member_id', '=', memberId)
      .where('kind', '=', 'live_reminder')
      .execute();

  const reminderOf = (memberId: number, mediaId: number) =>
    t.db.kysely
      .selectFrom('live_reminders')
      .select(['mailed_at', 'ends_at', 'origin'])
      .where('member_id', '=', memberId)
      .where('media_id', '=', mediaId)
      .executeTakeFirst();

  it('mails a due reminder once, in the member’s language, linking to the live page; others wait', async () => {
    const soon = await broadcast(brand.id, 'Port Ember v Meadow Park', 10 * MINUTE);
    const later = await broadcast(brand.id, 'Glen Harbour v Stonebridge', 24 * HOUR);
    const theirs = await broadcast(other.id, 'Other City v Other Town', 5 * MINUTE);
    const theirsLater = await broadcast(other.id, 'Far City v Far Town', 3 * HOUR);
    const camille = await signInNewMember(t, brand, { language: 'fr-ca', name: 'Camille' });
    const haruka = await signInNewMember(t, brand, { language: 'ja-jp', name: '佐藤 遥' });
    await t.db.kysely
      .updateTable('members')
      .set({ timezone: 'Asia/Tokyo' })
      .where('id', '=', haruka.id)
      .execute();
    const otherMember = await signInNewMember(t, other, { language: 'de-de' });

    expect(await set(camille.caller, soon)).toBe(true);
    expect(await set(camille.caller, later)).toBe(true);
    expect(await set(haruka.caller, later)).toBe(true);
    expect(await set(otherMember.caller, theirs)).toBe(true);
    expect(await set(otherMember.caller, theirsLater)).toBe(true);
    expect(await reminderOf(camille.id, soon.id)).toMatchObject({
      mailed_at: null,
      origin: `http://${brand.hostname}`,
      ends_at: new Date(Date.parse(soon.startsAt) + 2 * HOUR).toISOString(),
    });

    // Set 10 minutes before the start, later than the 15 minutes ahead: mailed at once.
    expect(await t.services.live.mailDueReminders()).toBe(2);
    const [mail, ...more] = await mailsTo(camille.id);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ brand_id: brand.id, to_address: camille.email });
    expect(mail?.subject).toBe('Bientôt en direct\u00a0: Port Ember v Meadow Park');
    expect(mail?.text_body).toMatch(/^Bonjour Camille,\n/);
    expect(mail?.text_body).toContain(`http://${brand.hostname}/browse/stream/live/${soon.slug}`);
    expect(mail?.text_body).toContain('Début\u00a0: ');
    expect((await reminderOf(camille.id, soon.id))?.mailed_at).not.toBeNull();

    // The other brand's due reminder went to its own member, in German, on its own host.
    const [theirMail, ...theirMore] = await mailsTo(otherMember.id);
    expect(theirMore).toEqual([]);
    expect(theirMail).toMatchObject({ brand_id: other.id, to_address: otherMember.email });
    expect(theirMail?.subject).toBe('Gleich live: Other City v Other Town');
    expect(theirMail?.text_body).toContain(`http://${other.hostname}/browse/stream/live/${theirs.slug}`);

    // Reminders of broadcasts still far off are untouched, whoever's they are.
    expect((await reminderOf(camille.id, later.id))?.mailed_at).toBeNull();
    expect((await reminderOf(haruka.id, later.id))?.mailed_at).toBeNull();
    expect((await reminderOf(otherMember.id, theirsLater.id))?.mailed_at).toBeNull();
    expect(await mailsTo(haruka.id)).toEqual([]);

    // A second run mails nothing again.
    expect(await t.services.live.mailDueReminders()).toBe(0);
    expect(await mailsTo(camille.id)).toHaveLength(1);

    // Once its start comes within 15 minutes (the schedule moved it forward), Haruka's is mailed in
    // Japanese, at her time zone's time.
    const moved = new Date(Date.now() + 14 * MINUTE).toISOString();
    await t.db.kysely
      .updateTable('media_items')
      .set({
        details: JSON.stringify({
          liveSchedule: [{ title: 'Glen Harbour v Stonebridge', startsAt: moved, replay: false }],
        }),
      })
      .where('id', '=', later.id)
      .execute();
    await t.db.kysely
      .updateTable('live_reminders')
      .set({ starts_at: moved })
      .where('media_id', '=', later.id)
      .execute();
    expect(await t.services.live.mailDueReminders()).toBe(2);
    const [japanese] = await mailsTo(haruka.id);
    expect(japanese?.subject).toBe('まもなく開始：Glen Harbour v Stonebridge');
    expect(japanese?.text_body).toMatch(/^佐藤 遥 様\n/);
    expect(japanese?.text_body).toMatch(/開始：.*JST/);
    expect(await mailsTo(camille.id)).toHaveLength(2);
  });

  it('mails nothing for an ended broadcast, a removed reminder, or one gone from the schedule', async () => {
    const member = await signInNewMember(t, brand);
    const ended = await broadcast(brand.id, 'Ended City v Town', -3 * HOUR);
    const removed = await broadcast(brand.id, 'Removed City v Town', 5 * MINUTE);
    const dropped = await broadcast(brand.id, 'Dropped City v Town', 5 * MINUTE);
    // A reminder cannot be set once a broadcast started: this one was set the day before.
    await t.db.kysely
      .insertInto('live_reminders')
      .values({
        brand_id: brand.id,
        member_id: member.id,
        media_id: ended.id,
        starts_at: ended.startsAt,
        ends_at: new Date(Date.parse(ended.startsAt) + 2 * HOUR).toISOString(),
        origin: `http://${brand.hostname}`,
        created_at: new Date(Date.now() - 24 * HOUR).toISOString(),
      })
      .execute();
    expect(await set(member.caller, removed)).toBe(true);
    expect(await set(member.caller, dropped)).toBe(true);
    await graphql(t.app, member.caller, REMOVE, { mediaId: removed.id, startsAt: removed.startsAt });
    // The broadcast was taken off the stream's schedule after the reminder was set.
    await t.db.kysely
      .updateTable('media_items')
      .set({ details: JSON.stringify({ liveSchedule: [] }) })
      .where('id', '=', dropped.id)
      .execute();

    await t.services.live.mailDueReminders();
    expect(await mailsTo(member.id)).toEqual([]);
    expect((await reminderOf(member.id, ended.id))?.mailed_at).toBeNull();
    expect(await reminderOf(member.id, removed.id)).toBeUndefined();
    expect((await reminderOf(member.id, dropped.id))?.mailed_at).toBeNull();
  });

  it('mails each reminder once when two runs race, and after a run that died before its commit', async () => {
    const stream = await broadcast(brand.id, 'Raced City v Town', 3 * MINUTE);
    const members = await Promise.all(Array.from({ length: 6 }, () => signInNewMember(t, brand)));
    for (const member of members) expect(await set(member.caller, stream)).toBe(true);

    // A run whose outbox write fails (the server dies before the commit) leaves each reminder unmailed.
    const dying = createLiveService({
      catalog: t.services.catalog,
      media: t.services.media,
      repository: createLiveRepository(t.db.kysely),
      mail: {
        enqueue: () => Promise.reject(new Error('the server died')),
        send: () => undefined,
      },
      transactions: createTransactionRunner(t.db.kysely),
    });
    await expect(dying.mailDueReminders()).rejects.toThrow('the server died');
    for (const member of members) expect((await reminderOf(member.id, stream.id))?.mailed_at).toBeNull();

    // Two servers' runs at once: every reminder mailed, each once.
    const [first, second] = await Promise.all([
      t.services.live.mailDueReminders(),
      t.services.live.mailDueReminders(),
    ]);
    expect(first + second).toBe(members.length);
    for (const member of members) {
      expect(await mailsTo(member.id)).toHaveLength(1);
      expect((await reminderOf(member.id, stream.id))?.mailed_at).not.toBeNull();
    }
  });
});
