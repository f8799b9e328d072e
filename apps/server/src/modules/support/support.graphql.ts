export const supportTypeDefs = /* GraphQL */ `
  "A feedback message or problem report the member sent (spec section 3, member.info.feedbacks)."
  type MemberFeedback {
    id: Int!
    "feedback or problem"
    kind: String!
    mediaType: String
    mediaId: String
    title: String
    "Where the title was playing when it was reported, in seconds."
    positionSeconds: Int
    "Issue ids of the catalogue (1 to 45)."
    issueIds: [Int!]!
    message: String!
    createdAt: String!
  }

  extend type MemberInfo {
    "The member's feedback and problem reports, newest first (at most 50)."
    feedbacks: [MemberFeedback!]!
  }

  input ReportInput {
    "feedback or problem"
    kind: String!
    "A key the client makes per submission (8 to 64 letters, digits, - or _): sent again, the same report."
    requestKey: String!
    mediaType: String
    mediaId: String
    title: String
    positionSeconds: Int
    issueIds: [Int!]
    message: String
  }

  type ReportPayload {
    responseResult: ResponseResult!
    feedback: MemberFeedback
  }

  extend type MemberMutation {
    """
    Sends a feedback message or a problem report (issues of the catalogue for its media type and/or
    text); acknowledged by mail. Refused with the catalogue's reason as slug (unknown_issue,
    issue_not_for_media_type, empty_report, text_too_long...).
    """
    submitReport(input: ReportInput!): ReportPayload!
  }
`;
