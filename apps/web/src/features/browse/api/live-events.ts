import type { LiveStatKind, LiveStatus } from '@member/domain';
import {
  RESPONSE_RESULT_FIELDS,
  type ResponseResult,
  assertSucceeded,
  gql,
  graphqlRequest,
} from '../../../lib/graphql';

/*
 * Live events (decision 036): a match's figures for its live stats page, and the member's reminders
 * of broadcasts still to come.
 */

export interface LiveStatEvent {
  minute: number;
  kind: LiveStatKind;
  side: 'home' | 'away' | null;
  player: string | null;
}

export interface LiveStats {
  mediaId: number;
  title: string;
  status: LiveStatus;
  startsAt: string;
  endsAt: string;
  home: string | null;
  away: string | null;
  homeScore: number;
  awayScore: number;
  minute: number | null;
  matchMinutes: number;
  events: LiveStatEvent[];
  hasReplay: boolean;
}

const LIVE_STATS_QUERY = gql<{ content: { liveStats: LiveStats } }, { slug: string }>(`
  query LiveStats($slug: String!) {
    content {
      liveStats(slug: $slug) {
        mediaId title status startsAt endsAt home away homeScore awayScore minute matchMinutes hasReplay
        events { minute kind side player }
      }
    }
  }
`);

/** content.liveStats: the figures of the broadcast a stream's live page is about, as of now. */
export async function getLiveStats(slug: string, signal?: AbortSignal): Promise<LiveStats> {
  const data = await graphqlRequest(LIVE_STATS_QUERY, { slug }, { signal });
  return data.content.liveStats;
}

export interface LiveReminder {
  mediaId: number;
  startsAt: string;
}

const REMINDERS_QUERY = gql<{ member: { liveReminders: LiveReminder[] } }>(`
  query LiveReminders { member { liveReminders { mediaId startsAt } } }
`);

/** member.liveReminders: the member's reminders of broadcasts that have not ended. */
export async function getLiveReminders(signal?: AbortSignal): Promise<LiveReminder[]> {
  const data = await graphqlRequest(REMINDERS_QUERY, {}, { signal });
  return data.member.liveReminders;
}

interface ReminderMutation<K extends string> {
  member: Record<K, { responseResult: ResponseResult }>;
}

const SET_REMINDER = gql<ReminderMutation<'setLiveReminder'>, LiveReminder>(`
  mutation SetLiveReminder($mediaId: Int!, $startsAt: String!) {
    member { setLiveReminder(mediaId: $mediaId, startsAt: $startsAt) { ${RESPONSE_RESULT_FIELDS} } }
  }
`);

const REMOVE_REMINDER = gql<ReminderMutation<'removeLiveReminder'>, LiveReminder>(`
  mutation RemoveLiveReminder($mediaId: Int!, $startsAt: String!) {
    member { removeLiveReminder(mediaId: $mediaId, startsAt: $startsAt) { ${RESPONSE_RESULT_FIELDS} } }
  }
`);

/** Sets or removes the member's reminder of a broadcast; throws the server's refusal. */
export async function setLiveReminder(reminder: LiveReminder, on: boolean): Promise<void> {
  if (on) {
    const data = await graphqlRequest(SET_REMINDER, reminder);
    assertSucceeded(data.member.setLiveReminder.responseResult);
  } else {
    const data = await graphqlRequest(REMOVE_REMINDER, reminder);
    assertSucceeded(data.member.removeLiveReminder.responseResult);
  }
}
