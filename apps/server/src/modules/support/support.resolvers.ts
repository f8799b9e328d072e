import type { ReportKind } from '@member/domain';

import { type GraphQLContext, requireMember } from '../../graphql/context';
import { withResponseResult } from '../../graphql/response-result';
import { badInput } from '../../errors';
import type { MemberFeedback, ReportSubmission } from './support.service';

interface ReportInput extends Omit<ReportSubmission, 'kind'> {
  kind: string;
}

const isKind = (kind: string): kind is ReportKind => kind === 'feedback' || kind === 'problem';

export const supportResolvers = {
  MemberInfo: {
    feedbacks: (_parent: unknown, _args: unknown, context: GraphQLContext) =>
      context.services.support.listFeedbacks(context.ctx, requireMember(context)),
  },
  MemberMutation: {
    submitReport: (_parent: unknown, args: { input: ReportInput }, context: GraphQLContext) => {
      const member = requireMember(context);
      return withResponseResult<{ feedback: MemberFeedback | null }>(
        async () => {
          const { kind, ...rest } = args.input;
          if (!isKind(kind)) throw badInput('Unknown kind of report.', 'invalid_report_kind');
          return { feedback: await context.services.support.submit(context.ctx, member, { ...rest, kind }) };
        },
        { feedback: null },
      );
    },
  },
};
