import { MAX_REPORT_POSITION, MAX_REPORT_TITLE } from '@member/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchesQuery } from '../components/faq-section';
import { formatClock } from '../../../lib/format';
import { readReportPrefill } from './support';

const params = (query: string) => new URLSearchParams(query);

describe('readReportPrefill', () => {
  it('reads what the player link carries', () => {
    expect(readReportPrefill(params('report=42&type=movie&at=83.7&title=The%20Film'))).toEqual({
      mediaId: '42',
      mediaType: 'movie',
      positionSeconds: 83,
      title: 'The Film',
    });
  });

  it('drops a forged media type or id, and keeps no position that is not one', () => {
    expect(readReportPrefill(params('report=42&type=podcast'))).toBeNull();
    expect(readReportPrefill(params('report=<script>&type=movie'))).toBeNull();
    expect(readReportPrefill(params('type=movie'))).toBeNull();
    for (const at of ['-1', 'abc', String(MAX_REPORT_POSITION + 1), 'Infinity']) {
      expect(readReportPrefill(params(`report=1&type=music&at=${at}`))?.positionSeconds).toBeNull();
    }
    expect(readReportPrefill(params('report=1&type=music'))?.positionSeconds).toBeNull();
  });

  it('bounds an oversized title', () => {
    const title = 'x'.repeat(MAX_REPORT_TITLE * 5);
    expect(readReportPrefill(params(`report=1&type=ebook&title=${title}`))?.title).toHaveLength(
      MAX_REPORT_TITLE,
    );
  });

  it('never throws and never returns a position out of range, whatever the address', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), fc.string(), (report, type, at, title) => {
        const prefill = readReportPrefill(new URLSearchParams({ report, type, at, title }));
        if (prefill?.positionSeconds != null) {
          expect(Number.isInteger(prefill.positionSeconds)).toBe(true);
          expect(prefill.positionSeconds).toBeGreaterThanOrEqual(0);
          expect(prefill.positionSeconds).toBeLessThanOrEqual(MAX_REPORT_POSITION);
        }
        expect((prefill?.title ?? '').length).toBeLessThanOrEqual(MAX_REPORT_TITLE);
      }),
    );
  });
});

describe('matchesQuery', () => {
  it('matches every word, ignoring case and accents', () => {
    expect(matchesQuery('Comment annuler mon abonnement?', 'ABONNEMENT annuler')).toBe(true);
    expect(matchesQuery('¿Cómo cancelo mi suscripción?', 'suscripcion')).toBe(true);
    expect(matchesQuery('How do I cancel?', 'cancel refund')).toBe(false);
    expect(matchesQuery('Anything', '   ')).toBe(true);
  });
});

describe('formatClock, for a report position', () => {
  it('reads like the player', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(83.9)).toBe('1:23');
    expect(formatClock(3723)).toBe('1:02:03');
  });
});
