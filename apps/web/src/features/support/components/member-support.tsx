import {
  MAX_REPORT_TEXT,
  MEDIA_TYPES,
  type MediaType,
  ISSUE_GROUPS,
  issueById,
  issueCatalogue,
} from '@member/domain';
import { type SyntheticEvent, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SectionState } from '../../../components/ui/section-state';
import { formatClock, formatDate } from '../../../lib/format';
import { type TranslationKey, useI18n } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { slugOf } from '../../../lib/refusal';
import { useSession } from '../../../lib/session';
import { useLoaded } from '../../../lib/use-loaded';
import {
  type MemberFeedback,
  type ReportPrefill,
  getFeedbacks,
  newRequestKey,
  readReportPrefill,
  submitReport,
} from '../api/support';

type Kind = 'problem' | 'feedback';

const REFUSAL_KEYS: Readonly<Record<string, TranslationKey>> = {
  empty_report: 'support.refusal.empty_report',
  text_too_long: 'support.refusal.text_too_long',
  unknown_issue: 'support.refusal.unknown_issue',
  issue_not_for_media_type: 'support.refusal.issue_not_for_media_type',
  unknown_media_type: 'support.refusal.unknown_media_type',
};

/** The member's part of the screen: the two forms and the list of what they sent. */
export function MemberSupport() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const prefill = readReportPrefill(params);
  const [kind, setKind] = useState<Kind>('problem');
  const { state, reload, set } = useLoaded((signal) => getFeedbacks(signal));
  const headingId = useId();
  const listHeadingId = useId();

  const onSent = (feedback: MemberFeedback | null): void => {
    if (feedback && state.kind === 'ready') {
      set([feedback, ...state.value.filter((other) => other.id !== feedback.id)]);
    } else {
      reload();
    }
  };

  return (
    <>
      <section className="support__card" aria-labelledby={headingId}>
        <h2 id={headingId} className="support__heading">
          {t('support.forms.heading')}
        </h2>
        <fieldset className="support__kinds">
          <legend className="field__label">{t('support.forms.kindLabel')}</legend>
          {(['problem', 'feedback'] as const).map((option) => (
            <label key={option} className="support__kind">
              <input
                type="radio"
                name="support-kind"
                value={option}
                checked={kind === option}
                onChange={() => {
                  setKind(option);
                }}
              />
              {t(option === 'problem' ? 'support.forms.problem' : 'support.forms.feedback')}
            </label>
          ))}
        </fieldset>
        {kind === 'problem' ? (
          <ProblemForm key={params.toString()} prefill={prefill} onSent={onSent} />
        ) : (
          <FeedbackForm onSent={onSent} />
        )}
      </section>
      <section className="support__card" aria-labelledby={listHeadingId}>
        <h2 id={listHeadingId} className="support__heading">
          {t('support.list.heading')}
        </h2>
        <SectionState state={state} onRetry={reload} />
        {state.kind === 'ready' ? <ReportsList feedbacks={state.value} /> : null}
      </section>
    </>
  );
}

/** Sends once per key: a retry after a lost answer reuses the key, a new report gets a new one. */
function useSubmission(onSent: (feedback: MemberFeedback | null) => void) {
  const { t } = useI18n();
  const requestKey = useRef(newRequestKey());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const send = async (input: Omit<Parameters<typeof submitReport>[0], 'requestKey'>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      const feedback = await submitReport({ ...input, requestKey: requestKey.current });
      requestKey.current = newRequestKey();
      setDone(true);
      onSent(feedback);
      return true;
    } catch (failure) {
      logger.warn('Could not send a report', failure);
      const slug = slugOf(failure);
      // A refusal is final for this attempt: the next one gets a new key.
      if (slug) requestKey.current = newRequestKey();
      const key = slug ? REFUSAL_KEYS[slug] : undefined;
      setError(key ? t(key, { max: MAX_REPORT_TEXT }) : t('support.refusal.failed'));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, done, send };
}

function ProblemForm({
  prefill,
  onSent,
}: {
  prefill: ReportPrefill | null;
  onSent: (feedback: MemberFeedback | null) => void;
}) {
  const { t } = useI18n();
  const { brand } = useSession();
  const offered = MEDIA_TYPES.filter((type) => brand.mediaTypes.includes(type));
  const choices = prefill && !offered.includes(prefill.mediaType) ? [...offered, prefill.mediaType] : offered;
  const [mediaType, setMediaType] = useState<MediaType | ''>(prefill?.mediaType ?? '');
  const [groupId, setGroupId] = useState('');
  const [issueId, setIssueId] = useState('');
  const [message, setMessage] = useState('');
  const { busy, error, done, send } = useSubmission(onSent);
  const ids = {
    type: useId(),
    group: useId(),
    issue: useId(),
    message: useId(),
    hint: useId(),
    error: useId(),
  };

  const catalogue = mediaType ? issueCatalogue(mediaType) : [];
  const group = catalogue.find((entry) => String(entry.id) === groupId);

  async function handleSubmit(event: SyntheticEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const issue = issueById(Number(issueId));
    // The pre-filled title belongs to its media type; changing the type leaves it out.
    const about = prefill?.mediaType === mediaType ? prefill : null;
    const sent = await send({
      kind: 'problem',
      mediaType: mediaType || null,
      mediaId: about?.mediaId ?? null,
      title: about?.title ?? null,
      positionSeconds: about?.positionSeconds ?? null,
      issueIds: issue ? [issue.id] : [],
      message,
    });
    if (sent) {
      setGroupId('');
      setIssueId('');
      setMessage('');
    }
  }

  return (
    <form className="support__form" onSubmit={(event) => void handleSubmit(event)} noValidate>
      {prefill?.title ? (
        <p className="support__about" data-testid="report-about">
          {t('support.report.about', { title: prefill.title })}
          {prefill.positionSeconds !== null
            ? ` · ${t('support.report.at', { time: formatClock(prefill.positionSeconds) })}`
            : ''}
        </p>
      ) : null}
      <div className="field">
        <label className="field__label" htmlFor={ids.type}>
          {t('support.report.mediaType')}
        </label>
        <select
          id={ids.type}
          className="select"
          value={mediaType}
          onChange={(event) => {
            const value = event.target.value;
            setMediaType(choices.find((type) => type === value) ?? '');
            setGroupId('');
            setIssueId('');
          }}
        >
          <option value="">{t('support.report.choose')}</option>
          {choices.map((type) => (
            <option key={type} value={type}>
              {t(`media.${type}.title`)}
            </option>
          ))}
        </select>
      </div>
      {mediaType ? (
        <div className="field">
          <label className="field__label" htmlFor={ids.group}>
            {t('support.report.group')}
          </label>
          <select
            id={ids.group}
            className="select"
            value={groupId}
            onChange={(event) => {
              setGroupId(event.target.value);
              setIssueId('');
            }}
          >
            <option value="">{t('support.report.choose')}</option>
            {catalogue.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {t(`support.groups.${entry.key}`)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {group ? (
        <div className="field">
          <label className="field__label" htmlFor={ids.issue}>
            {t('support.report.issue')}
          </label>
          <select
            id={ids.issue}
            className="select"
            value={issueId}
            onChange={(event) => {
              setIssueId(event.target.value);
            }}
          >
            <option value="">{t('support.report.choose')}</option>
            {group.issues.map((issue) => (
              <option key={issue.id} value={issue.id}>
                {issueLabel(t, issue.key)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="field">
        <label className="field__label" htmlFor={ids.message}>
          {t('support.report.message')}
        </label>
        <textarea
          id={ids.message}
          className="input support__textarea"
          rows={4}
          maxLength={MAX_REPORT_TEXT}
          value={message}
          aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
          onChange={(event) => {
            setMessage(event.target.value);
          }}
        />
        <span className="field__hint" id={ids.hint}>
          {t('support.report.hint', { max: MAX_REPORT_TEXT })}
        </span>
      </div>
      <FormOutcome errorId={ids.error} error={error} done={done ? t('support.report.sent') : null} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? t('support.report.sending') : t('support.report.submit')}
      </button>
    </form>
  );
}

function FeedbackForm({ onSent }: { onSent: (feedback: MemberFeedback | null) => void }) {
  const { t } = useI18n();
  const [message, setMessage] = useState('');
  const { busy, error, done, send } = useSubmission(onSent);
  const ids = { message: useId(), hint: useId(), error: useId() };

  async function handleSubmit(event: SyntheticEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (await send({ kind: 'feedback', message })) setMessage('');
  }

  return (
    <form className="support__form" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={ids.message}>
          {t('support.feedback.message')}
        </label>
        <textarea
          id={ids.message}
          className="input support__textarea"
          rows={5}
          maxLength={MAX_REPORT_TEXT}
          value={message}
          aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setMessage(event.target.value);
          }}
        />
        <span className="field__hint" id={ids.hint}>
          {t('support.feedback.hint', { max: MAX_REPORT_TEXT })}
        </span>
      </div>
      <FormOutcome errorId={ids.error} error={error} done={done ? t('support.feedback.sent') : null} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? t('support.report.sending') : t('support.feedback.submit')}
      </button>
    </form>
  );
}

function FormOutcome({
  errorId,
  error,
  done,
}: {
  errorId: string;
  error: string | null;
  done: string | null;
}) {
  return (
    <>
      <p className="support__error" id={errorId} role="alert">
        {error}
      </p>
      <p className="support__done" role="status">
        {done}
      </p>
    </>
  );
}

type Translate = ReturnType<typeof useI18n>['t'];

/** An issue's words; a key the strings do not know (a newer catalogue) reads as its key. */
function issueLabel(t: Translate, key: string): string {
  return t(`support.issues.${key}` as TranslationKey);
}

function ReportsList({ feedbacks }: { feedbacks: MemberFeedback[] }) {
  const { t, locale } = useI18n();
  const { member } = useSession();
  if (feedbacks.length === 0) return <p className="support__muted">{t('support.list.empty')}</p>;
  return (
    <ul className="support__reports" data-testid="support-reports">
      {feedbacks.map((feedback) => (
        <li key={feedback.id} className="support__report" data-testid="support-report">
          <p className="support__report-head">
            <strong>
              {t(feedback.kind === 'problem' ? 'support.list.problem' : 'support.list.feedback')}
            </strong>
            {feedback.title ? ` · ${feedback.title}` : ''}
            {feedback.positionSeconds !== null ? ` · ${formatClock(feedback.positionSeconds)}` : ''}
          </p>
          {feedback.issueIds.length > 0 ? (
            <p className="support__report-issues">
              {feedback.issueIds
                .map((id) => issueById(id))
                .map((issue) =>
                  issue
                    ? `${t(`support.groups.${ISSUE_GROUPS[issue.group - 1]?.key ?? 'other'}`)}: ${issueLabel(t, issue.key)}`
                    : '',
                )
                .filter(Boolean)
                .join(', ')}
            </p>
          ) : null}
          {feedback.message ? <p className="support__report-message">{feedback.message}</p> : null}
          <p className="support__muted">
            {t('support.list.sentOn', {
              date: formatDate(feedback.createdAt, locale, member?.timezone, 'medium'),
            })}
          </p>
        </li>
      ))}
    </ul>
  );
}
