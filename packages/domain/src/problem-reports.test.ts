import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { MEDIA_TYPES } from './media-types';
import {
  ISSUE_GROUPS,
  MAX_REPORT_TEXT,
  REPORT_ISSUES,
  checkReport,
  issueById,
  issueCatalogue,
} from './problem-reports';

describe('the issue catalogue', () => {
  it('has issues 1 to 45, each in one of the groups 1 to 5, keys unique', () => {
    expect(REPORT_ISSUES.map((issue) => issue.id)).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));
    expect(new Set(REPORT_ISSUES.map((issue) => issue.group))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(new Set(REPORT_ISSUES.map((issue) => issue.key)).size).toBe(45);
    expect(ISSUE_GROUPS.map((group) => group.key)).toEqual(['video', 'audio', 'ereader', 'player', 'other']);
  });

  it('names the spec examples', () => {
    const keys = REPORT_ISSUES.map((issue) => issue.key);
    for (const key of [
      'blurry_video',
      'buffering',
      'wrong_title',
      'wrong_description',
      'incorrect_cover_image',
      'inappropriate_content',
      'player_crashing',
      'no_sound',
    ]) {
      expect(keys).toContain(key);
    }
  });

  it('offers every media type the player and other groups, video only where there is video', () => {
    for (const type of MEDIA_TYPES) {
      const groups = issueCatalogue(type).map((group) => group.key);
      expect(groups).toContain('player');
      expect(groups).toContain('other');
    }
    expect(issueCatalogue('ebook').map((group) => group.key)).toEqual(['ereader', 'player', 'other']);
    expect(issueCatalogue('music').map((group) => group.key)).toEqual(['audio', 'player', 'other']);
    expect(issueCatalogue('movie').map((group) => group.key)).toEqual(['video', 'audio', 'player', 'other']);
  });

  it('finds an issue by id and nothing outside 1 to 45', () => {
    expect(issueById(1)?.key).toBe('blurry_video');
    expect(issueById(0)).toBeUndefined();
    expect(issueById(46)).toBeUndefined();
    expect(issueById(1.5)).toBeUndefined();
  });
});

describe('checkReport', () => {
  it('accepts a problem with issues of its media type, sorted and once each', () => {
    expect(
      checkReport({
        kind: 'problem',
        mediaType: 'movie',
        issueIds: [37, 1, 1],
        positionSeconds: 61.9,
        title: ' Film ',
      }),
    ).toEqual({
      ok: true,
      report: {
        kind: 'problem',
        mediaType: 'movie',
        issueIds: [1, 37],
        message: '',
        title: 'Film',
        positionSeconds: 61,
      },
    });
  });

  it('refuses issues of another media type, unknown ids, empty and oversized reports', () => {
    expect(checkReport({ kind: 'problem', mediaType: 'ebook', issueIds: [1] })).toEqual({
      ok: false,
      reason: 'issue_not_for_media_type',
    });
    expect(checkReport({ kind: 'problem', mediaType: 'movie', issueIds: [99] })).toEqual({
      ok: false,
      reason: 'unknown_issue',
    });
    expect(checkReport({ kind: 'problem', mediaType: 'radio', issueIds: [1] })).toEqual({
      ok: false,
      reason: 'unknown_media_type',
    });
    expect(checkReport({ kind: 'problem', mediaType: 'movie', issueIds: [], message: '  ' })).toEqual({
      ok: false,
      reason: 'empty_report',
    });
    expect(checkReport({ kind: 'feedback', message: 'x'.repeat(MAX_REPORT_TEXT + 1) })).toEqual({
      ok: false,
      reason: 'text_too_long',
    });
    expect(checkReport({ kind: 'problem', mediaType: 'movie', issueIds: [1], positionSeconds: -1 })).toEqual({
      ok: false,
      reason: 'invalid_position',
    });
    expect(
      checkReport({
        kind: 'problem',
        mediaType: 'movie',
        issueIds: [37, 38, 39, 40, 41, 42, 43, 44, 45, 1, 2],
      }),
    ).toEqual({ ok: false, reason: 'too_many_issues' });
  });

  it('needs text for a feedback', () => {
    expect(checkReport({ kind: 'feedback', message: '' })).toEqual({ ok: false, reason: 'empty_report' });
    expect(checkReport({ kind: 'feedback', message: ' Great app ' })).toMatchObject({
      ok: true,
      report: { message: 'Great app', mediaType: null },
    });
  });

  it('never accepts an issue outside the media type’s catalogue (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MEDIA_TYPES),
        fc.array(fc.integer({ min: -5, max: 60 }), { maxLength: 10 }),
        (type, ids) => {
          const result = checkReport({ kind: 'problem', mediaType: type, issueIds: ids, message: 'see' });
          const offered = new Set(
            issueCatalogue(type).flatMap((group) => group.issues.map((issue) => issue.id)),
          );
          expect(result.ok).toBe(new Set(ids).size <= 10 && ids.every((id) => offered.has(id)));
        },
      ),
    );
  });
});
