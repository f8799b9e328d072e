import { LOCALES } from '@member/domain';
import { describe, expect, it } from 'vitest';

import { composeMail, mailLocale, mailTexts, mailTime } from './mail-texts';

/** Every mail of one language, with sample values. */
function allMails(language: string) {
  const texts = mailTexts(language);
  return [
    texts.passwordReset({ brand: 'StreamHub', link: 'https://x.example/reset-password/k' }),
    texts.emailChanged({ brand: 'StreamHub', maskedTo: 'j***@e***.com', support: 'help@x.example' }),
    texts.emailChanged({ brand: 'StreamHub', maskedTo: 'j***@e***.com', support: null }),
    texts.passwordChanged({ brand: 'StreamHub', support: null }),
    texts.orderShipped({ reference: 'ORD-1', tracking: 'TRACK-1' }),
    texts.supportReceived({ brand: 'StreamHub', kind: 'problem', reference: '7' }),
    texts.supportReceived({ brand: 'StreamHub', kind: 'feedback', reference: '8' }),
    texts.sweepWinner({ product: 'A prize', sweep: 'Monthly', deadline: '2026-12-01' }),
    texts.liveReminder({
      brand: 'StreamHub',
      title: 'Port Ember v Meadow Park',
      time: '28 November, 18:00 EST',
      link: 'https://x.example/browse/stream/live/port-ember',
      started: false,
    }),
    texts.liveReminder({
      brand: 'StreamHub',
      title: 'Port Ember v Meadow Park',
      time: '28 November, 18:00 EST',
      link: 'https://x.example/browse/stream/live/port-ember',
      started: true,
    }),
  ];
}

describe('mail texts', () => {
  it('exist in every language, each its own words (nothing left in English)', () => {
    const english = allMails('en-us').map((mail) => mail.subject);
    for (const locale of LOCALES) {
      const mails = allMails(locale);
      for (const mail of mails) {
        expect(mail.subject.length).toBeGreaterThan(5);
        expect(mail.body.join('').length).toBeGreaterThan(10);
      }
      if (locale !== 'en-us') {
        mails.forEach((mail, index) => {
          expect(mail.subject).not.toBe(english[index]);
        });
      }
    }
  });

  it('keep the values a mail must carry', () => {
    for (const locale of LOCALES) {
      const [reset, changed, , , shipped, , , , soon, started] = allMails(locale);
      expect(reset?.body.join('\n')).toContain('https://x.example/reset-password/k');
      expect(changed?.body.join('\n')).toContain('j***@e***.com');
      expect(changed?.body.join('\n')).toContain('help@x.example');
      expect(shipped?.body.join('\n')).toContain('TRACK-1');
      for (const reminder of [soon, started]) {
        expect(reminder?.subject).toContain('Port Ember v Meadow Park');
        expect(reminder?.body).toContain('https://x.example/browse/stream/live/port-ember');
        expect(reminder?.body.join('\n')).toContain('28 November, 18:00 EST');
      }
      expect(soon?.subject).not.toBe(started?.subject);
    }
  });

  it('name a time in the member’s language and time zone, in UTC when the zone is unknown', () => {
    const at = '2026-11-28T23:00:00.000Z';
    // The parts, not ICU's exact joining words (they change between ICU versions).
    expect(mailTime('ja-jp', at, 'Asia/Tokyo')).toMatch(/^11月29日.*8:00.*JST$/);
    expect(mailTime('en-us', at, 'America/New_York')).toMatch(/^November 28.*6:00\sPM EST$/);
    expect(mailTime('en-us', at, 'Not/AZone')).toMatch(/^November 28.*11:00\sPM UTC$/);
    expect(mailTime('my-ms', at, 'Asia/Kuala_Lumpur')).toMatch(/^29 November.*7:00/);
  });

  it('fall back to English for an unknown language, and greet by name', () => {
    expect(mailLocale('xx-yy')).toBe('en-us');
    expect(mailLocale(null)).toBe('en-us');
    expect(composeMail('fr-ca', 'Camille', { subject: 'S', body: ['B'] }).text).toBe('Bonjour Camille,\n\nB');
    expect(composeMail('ja-jp', '佐藤 遥', { subject: 'S', body: ['B'] }).text).toBe('佐藤 遥 様\n\nB');
  });
});
