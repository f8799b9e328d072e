// Live events: a match's figures and members' reminders (issue 14 item 7, docs/decisions/036).
export const liveTypeDefs = /* GraphQL */ `
  "Something that happened in a match, at a match minute."
  type LiveStatEvent {
    minute: Int!
    "kickoff, goal, card, substitution, halftime or fulltime"
    kind: String!
    "home or away; null for the whole match (kick-off, half-time, full-time)"
    side: String
    player: String
  }

  """
  The figures of the broadcast a live page is about (the one on air, else the next, else the latest):
  upcoming, none; live, those of the moment (a live match follows the live loop: one pass is the whole
  match); ended, the final ones.
  """
  type LiveStats {
    mediaId: Int!
    title: String!
    "upcoming, live or ended, decided from the broadcast's times when answered"
    status: String!
    startsAt: String!
    endsAt: String!
    home: String
    away: String
    homeScore: Int!
    awayScore: Int!
    "The match clock in minutes; null before kick-off."
    minute: Int
    matchMinutes: Int!
    "What has happened so far, in minute order."
    events: [LiveStatEvent!]!
    hasReplay: Boolean!
    "Seconds into the live loop when answered (live only)."
    loopPositionSeconds: Float
    loopSeconds: Float
    asOf: String!
  }

  "A reminder the member set for a broadcast that has not ended."
  type LiveReminder {
    mediaId: Int!
    slug: String!
    title: String!
    startsAt: String!
    endsAt: String
    status: String!
  }

  type LiveReminderPayload {
    responseResult: ResponseResult!
  }

  extend type ContentQuery {
    """
    The live figures of the brand's stream named by its slug, guarded as content.liveStream is; errors
    NOT_FOUND no_broadcast when its schedule holds none.
    """
    liveStats(slug: String!): LiveStats!
  }

  extend type MemberQuery {
    "The member's reminders for broadcasts that have not ended, soonest first (at most 50)."
    liveReminders: [LiveReminder!]!
  }

  extend type MemberMutation {
    """
    Reminds the member of a stream's broadcast (startsAt as its schedule says it). Refused:
    broadcast_started once it has started, broadcast_not_found, invalid_starts_at, and content.media's
    refusals. Setting it twice keeps one.
    """
    setLiveReminder(mediaId: Int!, startsAt: String!): LiveReminderPayload!
    "Forgets a reminder; one that is not there is no error."
    removeLiveReminder(mediaId: Int!, startsAt: String!): LiveReminderPayload!
  }
`;
