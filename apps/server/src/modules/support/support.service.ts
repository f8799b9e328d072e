import { type ReportKind, checkReport, issueById } from '@member/domain';

import type { MemberAuth, RequestContext } from '../../context';
import { isoNow, readJson, writeJson } from '../../db/json';
import { badInput } from '../../errors';
import { composeMail, mailTexts } from '../mail/mail-texts';
import type { MailService } from '../mail/mail.service';
import type { SupportRepository } from './support.repository';

export interface ReportSubmission {
  kind: ReportKind;
  /** The client's key for this submission (a UUID): sending it again is the same report. */
  requestKey: string;
  mediaType?: string | null;
  mediaId?: string | null;
  title?: string | null;
  positionSeconds?: number | null;
  issueIds?: number[] | null;
  message?: string | null;
}

export interface MemberFeedback {
  id: number;
  kind: string;
  mediaType: string | null;
  mediaId: string | null;
  title: string | null;
  positionSeconds: number | null;
  issueIds: number[];
  message: string;
  createdAt: string;
}

const REQUEST_KEY = /^[A-Za-z0-9_-]{8,64}$/;
const MEDIA_ID = /^[A-Za-z0-9_.:-]{1,64}$/;

type Row = Awaited<ReturnType<SupportRepository['listForMember']>>[number];

function toFeedback(row: Row): MemberFeedback {
  return {
    id: row.id,
    kind: row.kind,
    mediaType: row.media_type,
    mediaId: row.media_id,
    title: row.title,
    positionSeconds: row.position_seconds,
    issueIds: readJson<number[]>(row.issue_ids, []),
    message: row.message,
    createdAt: row.created_at,
  };
}

function formatPosition(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h > 0 ? `${String(h)}:` : ''}${String(m).padStart(h > 0 ? 2 : 1, '0')}:${String(s).padStart(2, '0')}`;
}

/** One CSV field: quoted, quotes doubled, and a leading formula character defused for spreadsheets. */
export function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export interface SupportServiceDeps {
  repository: SupportRepository;
  mail: Pick<MailService, 'deliver'>;
  now?: () => Date;
}

/**
 * Feedback and problem reports (issue 18 item 5): checked by the domain's catalogue rule, stored once
 * per submission key, listed as `member.info.feedbacks`, acknowledged by mail through the outbox.
 */
export function createSupportService({ repository, mail, now = () => new Date() }: SupportServiceDeps) {
  async function submit(
    ctx: RequestContext,
    member: MemberAuth,
    input: ReportSubmission,
  ): Promise<MemberFeedback> {
    if (!REQUEST_KEY.test(input.requestKey))
      throw badInput('The report has no valid key.', 'invalid_report_key');
    const mediaId = input.mediaId ?? null;
    if (mediaId !== null && !MEDIA_ID.test(mediaId)) throw badInput('Unknown title.', 'invalid_media_id');
    const checked = checkReport({ ...input, issueIds: input.issueIds ?? [] });
    if (!checked.ok) throw badInput('The report could not be accepted.', checked.reason);
    const { report } = checked;
    const brand = ctx.brand.config;
    const memberId = member.claims.id;
    const inserted = await repository.insert({
      brandId: brand.id,
      memberId,
      requestKey: input.requestKey,
      kind: report.kind,
      mediaType: report.mediaType,
      mediaId: report.kind === 'problem' ? mediaId : null,
      title: report.title,
      positionSeconds: report.positionSeconds,
      issueIds: writeJson(report.issueIds),
      message: report.message,
      language: member.claims.language,
      createdAt: isoNow(now()),
    });
    const stored = await repository.findByRequestKey(brand.id, memberId, input.requestKey);
    if (!stored) throw badInput('The report could not be stored.', 'report_not_stored');
    if (inserted) {
      // In the member's language (issue 14 item 9).
      const language = member.claims.language;
      const texts = mailTexts(language);
      const content = texts.supportReceived({
        brand: brand.name,
        kind: report.kind === 'problem' ? 'problem' : 'feedback',
        reference: String(stored.id),
      });
      const labels = texts.reportLabels;
      const body = [...content.body];
      if (report.kind === 'problem') {
        if (report.title) body.push('', `${labels.title}${report.title}`);
        if (report.positionSeconds !== null)
          body.push(`${labels.at}${formatPosition(report.positionSeconds)}`);
        const issues = report.issueIds.map((id) => issueById(id)?.key.replace(/_/g, ' ') ?? String(id));
        if (issues.length > 0) body.push(`${labels.issues}${issues.join(', ')}`);
      }
      if (report.message) body.push('', report.message);
      body.push(
        '',
        `${brand.name} · ${labels.support}${brand.support.email ? ` · ${brand.support.email}` : ''}`,
      );
      await mail.deliver({
        brandId: brand.id,
        memberId,
        kind: `support_${report.kind}`,
        to: member.member.email,
        ...composeMail(language, member.claims.name, { subject: content.subject, body }),
      });
    }
    return toFeedback(stored);
  }

  async function listFeedbacks(ctx: RequestContext, member: MemberAuth): Promise<MemberFeedback[]> {
    const rows = await repository.listForMember(ctx.brand.config.id, member.claims.id, 50);
    return rows.map(toFeedback);
  }

  /** The brand's reports since a moment as CSV (header, then one line per report), for operators. */
  async function exportCsv(
    brandId: number,
    since: string,
    limit = 100_000,
  ): Promise<{ csv: string; count: number }> {
    const rows = await repository.listForBrand(brandId, since, limit);
    const header = [
      'id',
      'created_at',
      'email',
      'kind',
      'media_type',
      'media_id',
      'title',
      'position_seconds',
      'issue_ids',
      'issues',
      'language',
      'message',
    ];
    const lines = rows.map((row) => {
      const ids = readJson<number[]>(row.issue_ids, []);
      return [
        row.id,
        row.created_at,
        row.email,
        row.kind,
        row.media_type,
        row.media_id,
        row.title,
        row.position_seconds,
        ids.join(' '),
        ids.map((id) => issueById(id)?.key ?? String(id)).join(' '),
        row.language,
        row.message,
      ]
        .map(csvField)
        .join(',');
    });
    return { csv: `${[header.join(','), ...lines].join('\r\n')}\r\n`, count: rows.length };
  }

  return { submit, listFeedbacks, exportCsv };
}

export type SupportService = ReturnType<typeof createSupportService>;
