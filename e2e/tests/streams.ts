import type { Member } from './members';

/*
 * The demo's sports broadcasts by the status the server decides from their times (issue 14 item 7,
 * docs/decisions/036): the seed places a live, an upcoming and two ended matches around its start.
 */

export interface StreamBroadcast {
  id: number;
  slug: string;
  title: string;
  liveStatus: 'upcoming' | 'live' | 'ended' | null;
  liveSchedule: { title: string; startsAt: string; status: string; hasReplay: boolean }[];
}

/** Every stream of the brand with its broadcasts, read as the member (20 details per request). */
export async function streamBroadcasts(member: Member): Promise<StreamBroadcast[]> {
  const list = await member.graphql<{ content: { list: { items: { id: number }[] } } }>(
    'query { content { list(mediaType: "stream", first: 100) { items { id } } } }',
  );
  const ids = list.content.list.items.map((item) => item.id);
  const streams: StreamBroadcast[] = [];
  for (let start = 0; start < ids.length; start += 20) {
    const batch = ids.slice(start, start + 20);
    const fields = batch
      .map(
        (id, i) =>
          `s${String(i)}: media(mediaType: "stream", id: ${String(id)}) { id slug title liveStatus liveSchedule { title startsAt status hasReplay } }`,
      )
      .join('\n');
    const data = await member.graphql<{ content: Record<string, StreamBroadcast | null> }>(
      `query { content { ${fields} } }`,
    );
    for (const stream of Object.values(data.content)) if (stream) streams.push(stream);
  }
  return streams;
}

/** The first stream in a state: live, upcoming, ended with its replay, or ended without one. */
export async function streamIn(
  member: Member,
  state: 'live' | 'upcoming' | 'replay' | 'no-replay',
): Promise<StreamBroadcast> {
  const streams = await streamBroadcasts(member);
  const found = streams.find((stream) => {
    const [event] = stream.liveSchedule;
    if (!event) return false;
    switch (state) {
      case 'live':
      case 'upcoming':
        return stream.liveStatus === state;
      case 'replay':
        return stream.liveStatus === 'ended' && event.hasReplay;
      case 'no-replay':
        return stream.liveStatus === 'ended' && !event.hasReplay;
    }
  });
  if (!found) throw new Error(`no ${state} stream in the demo catalogue`);
  return found;
}
