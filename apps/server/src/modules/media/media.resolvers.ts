import { type GraphQLContext, requireMember } from '../../graphql/context';
import { withResponseResult } from '../../graphql/response-result';
import type { PlaybackView } from './media.service';

export const mediaResolvers = {
  ContentMutation: {
    startPlayback: (_parent: unknown, args: { mediaType: string; id: number }, context: GraphQLContext) => {
      requireMember(context);
      return withResponseResult<{ playback: PlaybackView | null }>(
        async () => ({
          playback: await context.services.media.startPlayback(context.ctx, args.mediaType, args.id),
        }),
        { playback: null },
      );
    },
  },
};
