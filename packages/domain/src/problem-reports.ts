import { type MediaType, isMediaType } from './media-types';

/*
 * The issue-report catalogue of spec section 3: issues with numeric ids 1 to 45 in five groups (1 video,
 * 2 audio, 3 e-reader, 4 player, 5 other), offered per media type, plus optional free text; and the
 * checks both apps apply to a problem report or a feedback message. Issue names are keys; the web words
 * them in the member's language.
 */

export const ISSUE_GROUPS = [
  { id: 1, key: 'video' },
  { id: 2, key: 'audio' },
  { id: 3, key: 'ereader' },
  { id: 4, key: 'player' },
  { id: 5, key: 'other' },
] as const;
export type IssueGroupId = (typeof ISSUE_GROUPS)[number]['id'];
export type IssueGroupKey = (typeof ISSUE_GROUPS)[number]['key'];

export interface ReportIssue {
  id: number;
  group: IssueGroupId;
  key: string;
  mediaTypes: readonly MediaType[];
}

const WATCHED: readonly MediaType[] = ['movie', 'stream', 'game'];
const HEARD: readonly MediaType[] = ['movie', 'stream', 'game', 'music', 'audiobook'];
const READ: readonly MediaType[] = ['ebook'];
const PLAYED: readonly MediaType[] = ['movie', 'stream', 'music', 'audiobook', 'ebook', 'game', 'software'];
const ALL = PLAYED;

function group(id: IssueGroupId, first: number, entries: [string, readonly MediaType[]][]): ReportIssue[] {
  return entries.map(([key, mediaTypes], index) => ({ id: first + index, group: id, key, mediaTypes }));
}

/** Every issue, ids 1 to 45 in order. */
export const REPORT_ISSUES: readonly ReportIssue[] = [
  ...group(1, 1, [
    ['blurry_video', WATCHED],
    ['buffering', ['movie', 'stream']],
    ['video_freezes', WATCHED],
    ['audio_video_out_of_sync', ['movie', 'stream']],
    ['black_screen', WATCHED],
    ['wrong_aspect_ratio', ['movie', 'stream']],
    ['subtitles_missing', ['movie', 'stream']],
    ['subtitles_out_of_sync', ['movie', 'stream']],
    ['video_does_not_start', ['movie', 'stream']],
  ]),
  ...group(2, 10, [
    ['no_sound', HEARD],
    ['sound_too_quiet', HEARD],
    ['sound_distorted', HEARD],
    ['audio_cuts_out', HEARD],
    ['wrong_audio_language', ['movie', 'stream', 'audiobook']],
    ['audio_skips', ['music', 'audiobook']],
    ['track_does_not_play', ['music', 'audiobook']],
    ['wrong_track', ['music']],
    ['chapter_missing', ['audiobook']],
  ]),
  ...group(3, 19, [
    ['pages_missing', READ],
    ['text_unreadable', READ],
    ['formatting_broken', READ],
    ['images_missing', READ],
    ['book_does_not_open', READ],
    ['chapters_out_of_order', READ],
    ['table_of_contents_broken', READ],
    ['font_size_does_not_change', READ],
    ['reading_position_lost', READ],
  ]),
  ...group(4, 28, [
    ['player_crashing', PLAYED],
    ['controls_not_responding', PLAYED],
    ['progress_not_saved', ['movie', 'stream', 'music', 'audiobook', 'ebook']],
    ['fullscreen_broken', ['movie', 'stream', 'game']],
    ['download_failed', ['software', 'ebook', 'game']],
    ['game_does_not_load', ['game']],
    ['game_controls_broken', ['game']],
    ['stream_offline', ['stream']],
    ['slow_to_load', PLAYED],
  ]),
  ...group(5, 37, [
    ['wrong_title', ALL],
    ['wrong_description', ALL],
    ['incorrect_cover_image', ALL],
    ['inappropriate_content', ALL],
    ['wrong_age_rating', ALL],
    ['duplicate_title', ALL],
    ['not_available_in_my_region', ALL],
    ['wrong_cast_or_author', ALL],
    ['something_else', ALL],
  ]),
];

export const MAX_ISSUES_PER_REPORT = 10;
export const MAX_REPORT_TEXT = 2_000;
export const MAX_REPORT_TITLE = 200;
/** A playback position beyond this (in seconds, 100 hours) is not a real one. */
export const MAX_REPORT_POSITION = 360_000;

export function issueById(id: number): ReportIssue | undefined {
  return Number.isInteger(id) && id >= 1 && id <= REPORT_ISSUES.length ? REPORT_ISSUES[id - 1] : undefined;
}

/** The catalogue for one media type: its groups in order, each with the issues that apply, none empty. */
export function issueCatalogue(mediaType: MediaType) {
  return ISSUE_GROUPS.map((issueGroup) => ({
    ...issueGroup,
    issues: REPORT_ISSUES.filter(
      (issue) => issue.group === issueGroup.id && issue.mediaTypes.includes(mediaType),
    ),
  })).filter((issueGroup) => issueGroup.issues.length > 0);
}

export type ReportKind = 'feedback' | 'problem';

export interface ReportInput {
  kind: ReportKind;
  mediaType?: string | null;
  issueIds?: readonly number[];
  message?: string | null;
  title?: string | null;
  positionSeconds?: number | null;
}

export type ReportRefusal =
  | 'unknown_media_type'
  | 'unknown_issue'
  | 'issue_not_for_media_type'
  | 'too_many_issues'
  | 'empty_report'
  | 'text_too_long'
  | 'title_too_long'
  | 'invalid_position';

export interface CleanReport {
  kind: ReportKind;
  mediaType: MediaType | null;
  issueIds: number[];
  message: string;
  title: string | null;
  positionSeconds: number | null;
}

/**
 * Checks and normalises a report: a feedback needs text; a problem report needs a media type and at
 * least one issue or some text, with issues of the catalogue that apply to its media type (each once,
 * in id order); text trimmed and bounded; the position a whole number of seconds.
 */
export function checkReport(
  input: ReportInput,
): { ok: true; report: CleanReport } | { ok: false; reason: ReportRefusal } {
  const message = (input.message ?? '').replace(/\r\n?/g, '\n').trim();
  if (message.length > MAX_REPORT_TEXT) return { ok: false, reason: 'text_too_long' };
  const title = (input.title ?? '').trim();
  if (title.length > MAX_REPORT_TITLE) return { ok: false, reason: 'title_too_long' };
  const position = input.positionSeconds ?? null;
  if (position !== null && (!Number.isFinite(position) || position < 0 || position > MAX_REPORT_POSITION)) {
    return { ok: false, reason: 'invalid_position' };
  }
  const positionSeconds = position === null ? null : Math.floor(position);
  if (input.kind === 'feedback') {
    if (message === '') return { ok: false, reason: 'empty_report' };
    return {
      ok: true,
      report: {
        kind: 'feedback',
        mediaType: null,
        issueIds: [],
        message,
        title: title || null,
        positionSeconds: null,
      },
    };
  }
  const rawType = input.mediaType ?? '';
  if (!isMediaType(rawType)) return { ok: false, reason: 'unknown_media_type' };
  const ids = [...new Set(input.issueIds ?? [])];
  if (ids.length > MAX_ISSUES_PER_REPORT) return { ok: false, reason: 'too_many_issues' };
  for (const id of ids) {
    const issue = issueById(id);
    if (!issue) return { ok: false, reason: 'unknown_issue' };
    if (!issue.mediaTypes.includes(rawType)) return { ok: false, reason: 'issue_not_for_media_type' };
  }
  if (ids.length === 0 && message === '') return { ok: false, reason: 'empty_report' };
  return {
    ok: true,
    report: {
      kind: 'problem',
      mediaType: rawType,
      issueIds: ids.sort((a, b) => a - b),
      message,
      title: title || null,
      positionSeconds,
    },
  };
}
