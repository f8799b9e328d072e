import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { installDialogStandIn } from '../test/dialog-stand-in';
import { buildBoot, buildBrand, buildMember, buildMenuItem } from '../test/factories';
import { jsonResponse, mockFetch, renderApp, requestJson, requestsTo } from '../test/render-app';

const succeeded = { succeeded: true, errorCode: null, slug: null, message: null };

function onboarding(done: [boolean, boolean, boolean], status = 'not_started') {
  const steps = (['welcome_gift', 'giveaway_entry', 'first_impact'] as const).map((step, index) => ({
    step,
    done: done[index],
  }));
  return {
    status,
    show: status === 'not_started',
    steps,
    next: steps.find((step) => !step.done)?.step ?? null,
    allDone: done.every(Boolean),
    minutes: 3,
    rewardCoins: 600,
    badges: status === 'completed' ? ['explorer'] : [],
  };
}

/** The member graph API: the onboarding and notice answers given, the menu for anything else. */
function mockApi(answers: { onboarding?: unknown; complete?: unknown; brandMove?: unknown }) {
  return mockFetch((url, init) => {
    const body = requestJson(init) as { query?: string };
    const query = body.query ?? '';
    if (query.includes('query Onboarding'))
      return jsonResponse({ data: { member: { onboarding: answers.onboarding } } });
    if (query.includes('mutation CompleteOnboarding'))
      return jsonResponse({ data: { member: { completeOnboarding: answers.complete } } });
    if (query.includes('query BrandMove'))
      return jsonResponse({ data: { member: { brandMove: answers.brandMove } } });
    if (query.includes('mutation AcknowledgeBrandMove'))
      return jsonResponse({ data: { member: { acknowledgeBrandMove: { responseResult: succeeded } } } });
    if (url.endsWith('/graphql'))
      return jsonResponse({ data: { content: { menuItems: [buildMenuItem('home')] } } });
    return jsonResponse({}, 404);
  });
}

const sent = (fetchMock: ReturnType<typeof mockFetch>, name: string) =>
  requestsTo(fetchMock, '/graphql').filter((init) =>
    ((requestJson(init) as { query?: string }).query ?? '').includes(name),
  );

let removeDialogStandIn: () => void = () => undefined;
beforeAll(() => {
  removeDialogStandIn = installDialogStandIn();
});
afterAll(() => {
  removeDialogStandIn();
});
beforeEach(() => {
  window.localStorage.clear();
});

describe('the onboarding over the main layout', () => {
  it('shows each step as the server says, folds into a button and comes back', async () => {
    mockApi({ onboarding: onboarding([true, false, false]) });
    await renderApp('/search', buildBoot({ member: buildMember({ tags: ['onboarding'] }) }));
    const panel = await screen.findByRole('region', { name: 'Get started' });
    expect(within(panel).getByTestId('onboarding-welcome_gift')).toHaveTextContent('Done');
    expect(within(panel).getByTestId('onboarding-giveaway_entry')).toHaveTextContent('Not done yet');
    expect(within(panel).getByRole('link', { name: 'See the giveaways' })).toHaveAttribute(
      'href',
      '/giveaways',
    );
    expect(within(panel).queryByRole('button', { name: 'Collect my reward' })).toBeNull();

    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Later' }));
    const resume = await screen.findByRole('button', { name: 'Get started: 1 of 3 done' });
    expect(screen.queryByRole('region', { name: 'Get started' })).toBeNull();
    await user.click(resume);
    expect(await screen.findByRole('region', { name: 'Get started' })).toBeInTheDocument();
  });

  it('asks the server for the reward and shows the badge and coins it granted', async () => {
    const fetchMock = mockApi({
      onboarding: onboarding([true, true, true]),
      complete: {
        responseResult: succeeded,
        granted: true,
        balance: 680,
        onboarding: onboarding([true, true, true], 'completed'),
      },
    });
    await renderApp('/search', buildBoot({ member: buildMember({ tags: ['onboarding'] }) }));
    const panel = await screen.findByRole('region', { name: 'Get started' });
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Collect my reward' }));
    const reward = await screen.findByRole('alertdialog', { name: 'Explorer Badge earned!' });
    expect(within(reward).getByTestId('onboarding-reward')).toHaveTextContent(
      '600 coins were added to your wallet.',
    );
    expect(within(reward).getByTestId('onboarding-balance')).toHaveTextContent('Your balance: 680 coins.');
    expect(sent(fetchMock, 'mutation CompleteOnboarding')).toHaveLength(1);
    // (jsdom has no `method="dialog"` forms; Escape closes it as the Close button does in a browser.)
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).toBeNull();
    });
    // Completed: nothing of the onboarding is left.
    expect(screen.queryByRole('region', { name: 'Get started' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Get started/ })).toBeNull();
  });

  it('says so when the reward had been collected before (a replay grants nothing)', async () => {
    mockApi({
      onboarding: onboarding([true, true, true]),
      complete: {
        responseResult: succeeded,
        granted: false,
        balance: 680,
        onboarding: onboarding([true, true, true], 'completed'),
      },
    });
    await renderApp('/search', buildBoot({ member: buildMember({ tags: ['onboarding'] }) }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Collect my reward' }));
    const reward = await screen.findByRole('alertdialog', { name: 'Explorer Badge earned!' });
    expect(within(reward).getByTestId('onboarding-reward')).toHaveTextContent(
      'You had already collected this reward.',
    );
  });

  it('is not loaded at all for a member whose tags do not allow it', async () => {
    const fetchMock = mockApi({ onboarding: onboarding([false, false, false]) });
    await renderApp(
      '/search',
      buildBoot({ member: buildMember({ tags: ['onboarding', 'onboarding_status:completed'] }) }),
    );
    await screen.findByRole('main');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent(fetchMock, 'query Onboarding')).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Get started' })).toBeNull();
  });
});

describe('the migration-to-brand notice', () => {
  const moved = buildBrand({
    name: 'Orbit Media',
    movedTo: { name: 'Nova Media', url: 'https://nova.example/' },
  });

  it('shows where and how to continue when the server says so, and records it when closed', async () => {
    const fetchMock = mockApi({
      brandMove: { name: 'Nova Media', url: 'https://nova.example/', host: 'nova.example', show: true },
    });
    await renderApp('/search', buildBoot({ brand: moved, member: buildMember() }));
    const dialog = await screen.findByRole('dialog', { name: 'Orbit Media is now Nova Media' });
    expect(dialog).toHaveTextContent('open nova.example and sign in with the email address you use here');
    expect(within(dialog).getByRole('link', { name: 'Continue to Nova Media' })).toHaveAttribute(
      'href',
      'https://nova.example/',
    );
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Close this notice' }));
    await waitFor(() => {
      expect(sent(fetchMock, 'mutation AcknowledgeBrandMove')).toHaveLength(1);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays closed when the member has seen it, and is not asked for where the brand has not moved', async () => {
    mockApi({
      brandMove: { name: 'Nova Media', url: 'https://nova.example/', host: 'nova.example', show: false },
    });
    await renderApp('/search', buildBoot({ brand: moved, member: buildMember() }));
    await screen.findByRole('main');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();

    const fetchMock = mockApi({ brandMove: null });
    await renderApp('/search', buildBoot({ member: buildMember() }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent(fetchMock, 'query BrandMove')).toHaveLength(0);
  });
});
