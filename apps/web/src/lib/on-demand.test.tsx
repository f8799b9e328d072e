import { render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError } from './chunk-load';
import { onDemand, useOnDemand } from './on-demand';

function Greeting() {
  return <p>Loaded greeting</p>;
}

function Host({
  code,
  wanted = true,
}: {
  code: ReturnType<typeof onDemand<{ default: () => ReactNode }>>;
  wanted?: boolean;
}) {
  const Loaded = useOnDemand(code, wanted)?.default;
  return Loaded ? <Loaded /> : <p>Not yet</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    const { error } = this.state as { error: Error | null };
    return error ? <p>Failed: {error.name}</p> : this.props.children;
  }
}

describe('useOnDemand', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('loads the code once, while wanted, and renders it as soon as it arrives', async () => {
    const importer = vi.fn(() => Promise.resolve({ default: Greeting }));
    const code = onDemand(importer);
    const { rerender } = render(<Host code={code} wanted={false} />);
    expect(screen.getByText('Not yet')).toBeInTheDocument();
    expect(importer).not.toHaveBeenCalled();

    rerender(<Host code={code} wanted />);
    expect(await screen.findByText('Loaded greeting')).toBeInTheDocument();

    // A second user of the same code renders it at once, without loading it again.
    render(<Host code={code} />);
    expect(screen.getAllByText('Loaded greeting')).toHaveLength(2);
    expect(importer).toHaveBeenCalledOnce();
  });

  it('throws a failed load to the nearest error boundary, named as a chunk failure, and retries later', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const importer = vi
      .fn<() => Promise<{ default: () => ReactNode }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))
      .mockResolvedValueOnce({ default: Greeting });
    const code = onDemand(importer);
    render(
      <Boundary>
        <Host code={code} />
      </Boundary>,
    );
    expect(await screen.findByText(`Failed: ${new ChunkLoadError('').name}`)).toBeInTheDocument();
    await expect(code.load()).resolves.toEqual({ default: Greeting });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
