import {
  RESPONSE_RESULT_FIELDS,
  type ResponseResult,
  assertSucceeded,
  gql,
  graphqlRequest,
} from '../../../lib/graphql';
import { RefusalError } from '../../../lib/refusal';

/** A place the member marked in an audiobook (seconds) or a book (fraction read, with its CFI). */
export interface Bookmark {
  id: number;
  mediaType: string;
  mediaId: number;
  position: number;
  location: string | null;
  name: string;
  createdAt: string;
}

const FIELDS = 'id mediaType mediaId position location name createdAt';

const LIST = gql<{ content: { bookmarks: Bookmark[] } }, { mediaType: string; id: number }>(`
  query PlayerBookmarks($mediaType: String!, $id: Int!) {
    content { bookmarks(mediaType: $mediaType, id: $id) { ${FIELDS} } }
  }
`);

interface Payload<K extends string> {
  content: Record<K, { responseResult: ResponseResult; bookmark: Bookmark | null }>;
}

const ADD = gql<
  Payload<'addBookmark'>,
  {
    input: { mediaType: string; id: number; position: number; location: string | null; name: string };
  }
>(`
  mutation AddBookmark($input: AddBookmarkInput!) {
    content { addBookmark(input: $input) { ${RESPONSE_RESULT_FIELDS} bookmark { ${FIELDS} } } }
  }
`);

const RENAME = gql<Payload<'renameBookmark'>, { input: { bookmarkId: number; name: string } }>(`
  mutation RenameBookmark($input: RenameBookmarkInput!) {
    content { renameBookmark(input: $input) { ${RESPONSE_RESULT_FIELDS} bookmark { ${FIELDS} } } }
  }
`);

const DELETE = gql<
  { content: { deleteBookmark: { responseResult: ResponseResult } } },
  { input: { bookmarkId: number } }
>(`
  mutation DeleteBookmark($input: DeleteBookmarkInput!) {
    content { deleteBookmark(input: $input) { ${RESPONSE_RESULT_FIELDS} } }
  }
`);

/** The member's bookmarks in a title, in the order of the book. */
export async function fetchBookmarks(
  item: { mediaType: string; id: number },
  options: { signal?: AbortSignal } = {},
): Promise<Bookmark[]> {
  const { content } = await graphqlRequest(LIST, { mediaType: item.mediaType, id: item.id }, options);
  return content.bookmarks;
}

function saved(result: { responseResult: ResponseResult; bookmark: Bookmark | null }): Bookmark {
  assertSucceeded(result.responseResult);
  if (!result.bookmark) throw new RefusalError('INTERNAL', 'The bookmark was not saved');
  return result.bookmark;
}

/** Adds a bookmark; a place already marked answers that bookmark. Refusals throw with their slug. */
export async function addBookmark(input: {
  mediaType: string;
  id: number;
  position: number;
  location: string | null;
  name: string;
}): Promise<Bookmark> {
  const { content } = await graphqlRequest(ADD, { input });
  return saved(content.addBookmark);
}

export async function renameBookmark(bookmarkId: number, name: string): Promise<Bookmark> {
  const { content } = await graphqlRequest(RENAME, { input: { bookmarkId, name } });
  return saved(content.renameBookmark);
}

export async function deleteBookmark(bookmarkId: number): Promise<void> {
  const { content } = await graphqlRequest(DELETE, { input: { bookmarkId } });
  assertSucceeded(content.deleteBookmark.responseResult);
}
