import {
  HOME_FEATURED_QUERY,
  MARKETPLACE_HOME_QUERY,
  type Thumbnail,
  operationName,
  thumbnailUrl,
} from '@member/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { AppConfig } from '../config';
import type { RequestContext } from '../context';
import type { GraphQLContext } from '../graphql/context';
import type { Services } from '../services';

/**
 * The first screen's data in the page (decision 046). A signed-in member's home page is drawn only once
 * the featured title's answer has come back and its cover has loaded, two round trips that started only
 * after the app's code had arrived and run: on a phone's slow network that is most of the page's largest
 * paint (issue 19); the shop's first products likewise (issue 17). For the pages below, the server runs
 * their first queries itself, through the API's own GraphQL schema with the member's context (the same
 * resolvers, rights and answer shape), writes the answers beside the boot data and names the page's
 * largest picture in the head, so the browser fetches it with the app's code. The web app takes each
 * answer once (apps/web/src/lib/first-data.ts).
 */

/** Runs a GraphQL query as the API's route would, for a page's request. */
export type RunQuery = (
  source: string,
  context: GraphQLContext,
) => Promise<{ data?: unknown; errors?: unknown }>;

interface FirstScreenQuery {
  query: string;
  /** The URL of the picture the answer makes the page's largest, or null. */
  largestPicture?: (data: unknown, cdnServer: string) => string | null;
}

const field = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;

const isThumbnail = (value: unknown): value is Thumbnail =>
  typeof field(value, 'path') === 'string' &&
  typeof field(value, 'origin') === 'string' &&
  typeof field(value, 'cacheIndex') === 'number';

/** The featured title's cover: its blurred copy fills the top of a phone's home page. */
function featuredCover(data: unknown, cdnServer: string): string | null {
  const thumbnail = field(field(field(field(data, 'content'), 'featured'), 'media'), 'thumbnail');
  return isThumbnail(thumbnail) ? thumbnailUrl(thumbnail, cdnServer) : null;
}

const FIRST_SCREEN: Readonly<Record<string, readonly FirstScreenQuery[]>> = {
  '/': [{ query: HOME_FEATURED_QUERY, largestPicture: featuredCover }],
  // Its pictures are in the answer (data: URLs): nothing to fetch beside it.
  '/marketplace': [{ query: MARKETPLACE_HOME_QUERY }],
};

export interface FirstScreen {
  /** Each query's answer by operation name, for the page's `FIRST_DATA_ELEMENT_ID` element; null for none. */
  answers: Readonly<Record<string, unknown>> | null;
  /** The pictures the answers make the page's largest, for the head to fetch at once. */
  pictures: readonly string[];
}

const NONE: FirstScreen = { answers: null, pictures: [] };

/**
 * The first screen's answers and pictures for a signed-in member's page named above. A query that fails
 * leaves its answer out (the screen asks the API, as on any later visit): the page is never refused
 * for it.
 */
export async function firstScreen(
  runQuery: RunQuery,
  page: { path: string; ctx: RequestContext | null; request: FastifyRequest; reply: FastifyReply },
  deps: { services: Services; config: AppConfig },
): Promise<FirstScreen> {
  const { path, ctx, request, reply } = page;
  const queries = FIRST_SCREEN[path];
  if (!queries || ctx?.auth.kind !== 'member') return NONE;
  const context: GraphQLContext = { request, reply, ctx, ...deps };
  const answers: Record<string, unknown> = {};
  const pictures: string[] = [];
  for (const { query, largestPicture } of queries) {
    const name = operationName(query);
    try {
      const { data, errors } = await runQuery(query, context);
      if (!name || errors !== undefined || data === undefined || data === null) continue;
      answers[name] = data;
      const picture = largestPicture?.(data, ctx.brand.config.cdnServer);
      if (picture) pictures.push(picture);
    } catch (error) {
      request.log.warn({ err: error, operation: name }, 'first screen query failed');
    }
  }
  return Object.keys(answers).length > 0 ? { answers, pictures } : NONE;
}
