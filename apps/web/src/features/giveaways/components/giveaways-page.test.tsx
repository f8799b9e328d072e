import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDialogStandIn } from '../../../test/dialog-stand-in';
import { buildBoot, buildMember, buildMenuItem } from '../../../test/factories';
import { jsonResponse, mockFetch, renderApp, requestJson } from '../../../test/render-app';

const DAY = 86_400_000;
const iso = (days: number) => new Date(Date.now() + days * DAY).toISOString();

function sweep(id: number, name: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    name,
    product_name: name,
    description: `${name}, shipped to the winner.`,
    image: '',
    start_date: iso(-3),
    end_date: iso(20),
    ref_number: `REF-${String(id)}`,
    entries: 100_000,
    total_entries_sold: 1234,
    monthly_exclusive: false,
    draw_period: '2026-11',
    winner_id: null,
    claim_deadline: null,
    state: 'active',
    tabs: ['all', 'active'],
    member_entries: 0,
    on_sale: true,
    free_entry_available: false,
    seed_commitment: 'c0ffee',
    prices: [],
    audit: null,
    ...overrides,
  };
}

const SWEEPS = [
  sweep(1, 'Win a 4K TV'),
  sweep(2, 'Win a game console', { state: 'winner', tabs: ['all', 'past'], winner_id: 71 }),
  sweep(3, 'Win a camera', { state: 'winner', tabs: ['all', 'past'], winner_id: 72 }),
];

interface Op {
  name: string;
  variables: Record<string, unknown>;
  at: number;
}

function mockApi(queue: { winnerId: number; sweepId: number }[] = []) {
  const ops: Op[] = [];
  const fetchMock = mockFetch((url, init) => {
    if (!url.endsWith('/graphql')) return jsonResponse({}, 404);
    const body = requestJson(init) as { query?: string; variables?: Record<string, unknown> } | null;
    const name = /(?:query|mutation) (\w+)/.exec(body?.query ?? '')?.[1] ?? '';
    ops.push({ name, variables: body?.variables ?? {}, at: performance.now() });
    const ok = { responseResult: { succeeded: true, errorCode: null, slug: null, message: null } };
    switch (name) {
      case 'MenuItems':
        return jsonResponse({ data: { content: { menuItems: [buildMenuItem('home')] } } });
      case 'Giveaways':
        return jsonResponse({ data: { sweep: { listByBrand: SWEEPS } } });
      case 'WinnerQueue':
        return jsonResponse({ data: { sweep: { winnerQueue: queue } } });
      case 'MarkWinnerDisplayed':
        return jsonResponse({ data: { sweep: { markWinnerDisplayed: ok } } });
      default:
        return jsonResponse({ errors: [{ message: 'unexpected', extensions: { code: 'INTERNAL' } }] });
    }
  });
  return { fetchMock, ops };
}

const boot = () => buildBoot({ member: buildMember() });
const SLOW = { timeout: 10_000 };
let removeDialogStandIn: () => void = () => undefined;

beforeAll(() => {
  removeDialogStandIn = installDialogStandIn();
});

afterAll(() => {
  removeDialogStandIn();
});

describe('giveaways page', { timeout: 30_000 }, () => {
  it('shows each queued win once, one after another, at least 300 ms apart', async () => {
    const { ops } = mockApi([
      { winnerId: 71, sweepId: 2 },
      { winnerId: 72, sweepId: 3 },
    ]);
    const user = userEvent.setup();
    await renderApp('/giveaways', boot());
    const first = await screen.findByRole('alertdialog', { name: 'You won!' }, SLOW);
    expect(first).toHaveTextContent('Win a game console');
    // Taken before the click: the delay starts once the first modal has closed, so never earlier.
    const closedAt = performance.now();
    await user.click(within(first).getByRole('button', { name: 'Later' }));
    await waitFor(() => {
      expect(first).not.toBeInTheDocument();
    });
    const second = await screen.findByRole('alertdialog', { name: 'You won!' });
    expect(second).toHaveTextContent('Win a camera');
    await waitFor(() => {
      expect(ops.filter((op) => op.name === 'MarkWinnerDisplayed')).toHaveLength(2);
    });
    const marks = ops.filter((op) => op.name === 'MarkWinnerDisplayed');
    expect(marks.map((op) => op.variables.winnerId)).toEqual([71, 72]);
    expect((marks[1]?.at ?? 0) - closedAt).toBeGreaterThanOrEqual(299);
    await user.click(within(second).getByRole('button', { name: 'Later' }));
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });
  });

  it('writes the contest rules from the giveaway, and checks a postal entry before its instructions', async () => {
    mockApi();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await renderApp('/giveaways', boot());
    const tv = await screen.findByRole('article', { name: 'Win a 4K TV' }, SLOW);

    await user.click(within(tv).getByRole('button', { name: 'Contest rules' }));
    const rules = screen.getByRole('dialog', { name: 'Official rules: Win a 4K TV' });
    expect(rules).toHaveTextContent('You must be 18 or older');
    expect(rules).toHaveTextContent('(REF-1)');
    expect(rules).toHaveTextContent('1,234 so far');
    expect(rules).toHaveTextContent('At most 100,000 entries are sold.');
    await user.click(within(rules).getByRole('button', { name: 'Close' }));

    await user.click(within(tv).getByRole('button', { name: 'Enter by mail' }));
    const postal = screen.getByRole('dialog', { name: 'Free entry by mail' });
    const field = (label: string) => within(postal).getByLabelText(label, { exact: false });
    await user.clear(field('Full legal name'));
    await user.type(field('Full legal name'), 'Robin Entrant');
    await user.type(within(postal).getByRole('textbox', { name: 'Street address' }), 'PO Box 9');
    await user.type(field('City'), 'Springfield');
    await user.type(field('Post code'), '12345');
    await user.clear(field('Email'));
    await user.type(field('Email'), 'not-an-email');
    await user.click(within(postal).getByRole('button', { name: 'Show mailing instructions' }));
    expect(postal).toHaveTextContent('PO boxes are not accepted: give a street address.');
    expect(postal).toHaveTextContent('Enter a valid email address.');
    expect(postal).toHaveTextContent('You must confirm that you are over 18.');
    expect(within(postal).getByRole('textbox', { name: /Street address/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    await user.clear(within(postal).getByRole('textbox', { name: /Street address/ }));
    await user.type(within(postal).getByRole('textbox', { name: /Street address/ }), '12 Elm Street');
    await user.clear(field('Email'));
    await user.type(field('Email'), 'robin@example.com');
    await user.click(within(postal).getByRole('checkbox', { name: 'I confirm I am over 18' }));
    await user.click(within(postal).getByRole('button', { name: 'Show mailing instructions' }));
    const instructions = within(postal).getByRole('region', { name: 'Your mailing instructions' });
    expect(instructions).toHaveTextContent('Robin Entrant');
    expect(instructions).toHaveTextContent('Giveaway: Win a 4K TV (REF-1)');
    // Both addresses as their country writes them: the entrant's (the brand's country unless changed)
    // and the brand's.
    const lines = Array.from(instructions.querySelectorAll('address'), (block) =>
      Array.from(block.children, (line) => line.textContent),
    );
    expect(lines).toEqual([
      [
        'Robin Entrant',
        '12 Elm Street',
        'Springfield 12345',
        'United States',
        'robin@example.com',
        'Giveaway: Win a 4K TV (REF-1)',
      ],
      ['Aurora Media Ltd', '1 Main Street', 'Springfield 12345', 'United States'],
    ]);
    await user.click(within(postal).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });
});
