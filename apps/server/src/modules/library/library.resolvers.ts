import { type GraphQLContext, requireMember } from '../../graphql/context';
import { withResponseResult } from '../../graphql/response-result';
import type { Playlist } from './library.service';

interface ItemArgs {
  type: string;
  id: number;
}

interface PlaylistPayload {
  playlist: Playlist | null;
}

/** Runs a library change for the signed-in member; expected failures answer in responseResult. */
function change(context: GraphQLContext, run: () => Promise<object>) {
  requireMember(context);
  return withResponseResult<object>(run, {});
}

function playlistChange(context: GraphQLContext, run: () => Promise<PlaylistPayload>) {
  requireMember(context);
  return withResponseResult<PlaylistPayload>(run, { playlist: null });
}

export const libraryResolvers = {
  Mutation: {
    content: () => ({}),
  },
  ContentQuery: {
    collection: (_parent: unknown, _args: unknown, context: GraphQLContext) =>
      context.services.library.collection(context.ctx, requireMember(context)),
    history: (_parent: unknown, _args: unknown, context: GraphQLContext) =>
      context.services.library.history(context.ctx, requireMember(context)),
    playlists: (_parent: unknown, _args: unknown, context: GraphQLContext) =>
      context.services.library.playlists(context.ctx, requireMember(context)),
    playlist: (_parent: unknown, args: { id: number }, context: GraphQLContext) =>
      context.services.library.playlist(context.ctx, requireMember(context), args.id),
    progress: (_parent: unknown, args: { mediaType: string; id: number }, context: GraphQLContext) =>
      context.services.library.progress(context.ctx, requireMember(context), args.mediaType, args.id),
    continueList: (_parent: unknown, args: { first?: number | null }, context: GraphQLContext) =>
      context.services.library.continueList(context.ctx, requireMember(context), args.first),
  },
  ContentMutation: {
    addToHistory: (_parent: unknown, args: ItemArgs, context: GraphQLContext) =>
      change(context, () =>
        context.services.library.addToHistory(context.ctx, requireMember(context), args.type, args.id),
      ),
    removeFromHistory: (_parent: unknown, args: ItemArgs, context: GraphQLContext) =>
      change(context, () =>
        context.services.library.removeFromHistory(context.ctx, requireMember(context), args.type, args.id),
      ),
    removeAllFromHistory: (_parent: unknown, _args: unknown, context: GraphQLContext) =>
      change(context, () =>
        context.services.library.removeAllFromHistory(context.ctx, requireMember(context)),
      ),
    addToCollection: (_parent: unknown, args: ItemArgs, context: GraphQLContext) =>
      change(context, () =>
        context.services.library.addToCollection(context.ctx, requireMember(context), args.type, args.id),
      ),
    removeFromCollection: (_parent: unknown, args: ItemArgs, context: GraphQLContext) =>
      change(context, () =>
        context.services.library.removeFromCollection(
          context.ctx,
          requireMember(context),
          args.type,
          args.id,
        ),
      ),
    updateMediaProgress: (
      _parent: unknown,
      args: { id: number; mediaType: string; progress: number; position?: string | null },
      context: GraphQLContext,
    ) =>
      change(context, () =>
        context.services.library.updateMediaProgress(context.ctx, requireMember(context), args),
      ),
    createPlaylist: (_parent: unknown, args: { input: { name: string } }, context: GraphQLContext) =>
      playlistChange(context, () =>
        context.services.library.createPlaylist(context.ctx, requireMember(context), args.input),
      ),
    renamePlaylist: (
      _parent: unknown,
      args: { input: { playlistId: number; name: string } },
      context: GraphQLContext,
    ) =>
      playlistChange(context, () =>
        context.services.library.renamePlaylist(context.ctx, requireMember(context), args.input),
      ),
    deletePlaylist: (_parent: unknown, args: { input: { playlistId: number } }, context: GraphQLContext) =>
      change(context, () =>
        context.services.library.deletePlaylist(context.ctx, requireMember(context), args.input),
      ),
    addPlaylistTrack: (
      _parent: unknown,
      args: { input: { playlistId: number; trackId: number } },
      context: GraphQLContext,
    ) =>
      playlistChange(context, () =>
        context.services.library.addPlaylistTrack(context.ctx, requireMember(context), args.input),
      ),
    removePlaylistTrack: (
      _parent: unknown,
      args: { input: { playlistId: number; trackId: number } },
      context: GraphQLContext,
    ) =>
      playlistChange(context, () =>
        context.services.library.removePlaylistTrack(context.ctx, requireMember(context), args.input),
      ),
    reorderPlaylist: (
      _parent: unknown,
      args: { input: { playlistId: number; trackIds: number[] } },
      context: GraphQLContext,
    ) =>
      playlistChange(context, () =>
        context.services.library.reorderPlaylist(context.ctx, requireMember(context), args.input),
      ),
  },
};
