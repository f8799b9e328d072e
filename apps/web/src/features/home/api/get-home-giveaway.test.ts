import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/render-app';
import { getHomeGiveaway } from './get-home-giveaway';

const NOW = new Date('2026-11-25T12:00:00Z');
const at = (days: number) => new Date(NOW.getTime() + days * 86_400_000).toISOString();
const row = (id: number, endDays: number, entries: number) => ({
  id,
  name: `Giveaway ${String(id)}`,
  image: '',
  end_date: at(endDays),
  member_entries: entries,
});

function answering(rows: unknown[]) {
  return mockFetch(() => jsonResponse({ data: { sweep: { listByBrand: rows } } }));
}

describe('the home page giveaway', () => {
  it('is one the member has not entered that ends in the future, picked by the random number', async () => {
    // 1: entered; 2: ended; 3 and 4: candidates.
    answering([row(1, 5, 3), row(2, -1, 0), row(3, 5, 0), row(4, 9, 0)]);
    expect((await getHomeGiveaway(7, 0, NOW))?.id).toBe(3);
    expect((await getHomeGiveaway(7, 0.99, NOW))?.id).toBe(4);
  });

  it('is none when every giveaway is entered or over', async () => {
    answering([row(1, 5, 3), row(2, -1, 0)]);
    expect(await getHomeGiveaway(7, 0.5, NOW)).toBeNull();
  });

  it('fails where the server refuses giveaways, so that the card shows nothing', async () => {
    mockFetch(() =>
      jsonResponse({
        errors: [
          {
            message: 'Giveaways are not available.',
            extensions: { code: 'FORBIDDEN', slug: 'sweeps_blocked_country' },
          },
        ],
      }),
    );
    await expect(getHomeGiveaway(7, 0.5, NOW)).rejects.toThrow();
  });
});
