import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FailureBoundary } from '../../../src/ui/FailureBoundary.tsx';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, chunkPathIn, lazyChunk, loadChunk } from '../../../src/ui/lazy-chunk.ts';
import { fakeApi, type SeenRequest } from '../fake-api.ts';

const chunkFailure = 'This part of the page did not load. Check your connection and retry.';

let reports: SeenRequest[] = [];
beforeEach(() => {
  reports = fakeApi({ 'POST /api/client-errors': () => ({ body: { status: 'success', data: null } }) });
  // React logs each caught error to the console; the tests look at the page and the reports.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

/** A chunk whose first import fails the way Chromium fails it, and whose second one loads. */
function flakyChunk(text: string, file = 'StepFinalize.Ab1.js') {
  const load = vi.fn(async () => {
    if (load.mock.calls.length === 1) throw new TypeError(`Failed to fetch dynamically imported module: ${window.location.origin}/_astro/${file}`);
    return { default: ({ label }: { label: string }) => <p>{`${text} ${label}`}</p> };
  });
  return { load, Chunk: lazyChunk(load) };
}

function inBoundary(where: string, node: React.ReactNode) {
  return (
    <FailureBoundary where={where}>
      <Suspense fallback={<p>Loading…</p>}>{node}</Suspense>
    </FailureBoundary>
  );
}

describe('FailureBoundary with a lazily loaded chunk', () => {
  it('shows the message, Retry and the support phone when the chunk fails, and reports it', async () => {
    const { Chunk } = flakyChunk('Step 3');
    render(inBoundary('booking step 3', <Chunk label="ready" />));

    expect(await screen.findByRole('alert')).toHaveTextContent(chunkFailure);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '(206) 555-0142' })).toHaveAttribute('href', 'tel:+12065550142');
    await vi.waitFor(() => expect(reports).toHaveLength(1));
    expect(reports[0]).toMatchObject({
      method: 'POST',
      path: '/api/client-errors',
      form: {
        name: 'ChunkLoadError',
        message: `Failed to fetch dynamically imported module: ${window.location.origin}/_astro/StepFinalize.Ab1.js`,
        where: 'booking step 3',
        page: window.location.pathname,
        chunk_url: '/_astro/StepFinalize.Ab1.js',
      },
    });
  });

  it('imports the chunk again on Retry and shows it', async () => {
    const { Chunk, load } = flakyChunk('Step 3');
    render(inBoundary('booking step 3', <Chunk label="ready" />));
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Step 3 ready')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('brings back every part that failed with one Retry (a screen and a sidebar from one chunk)', async () => {
    const screenPart = flakyChunk('Schedule', 'dashboard-tutor.x.js');
    const sidebarPart = flakyChunk('Sidebar', 'dashboard-tutor.x.js');
    render(
      <>
        {inBoundary('dashboard sidebar', <sidebarPart.Chunk label="links" />)}
        {inBoundary('dashboard tutorHome', <screenPart.Chunk label="list" />)}
      </>,
    );
    expect(await screen.findAllByRole('alert')).toHaveLength(2);
    await userEvent.click(screen.getAllByRole('button', { name: 'Retry' })[1]!);
    expect(await screen.findByText('Schedule list')).toBeInTheDocument();
    expect(await screen.findByText('Sidebar links')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a failure that is not a chunk as such, reports it, and renders again on Retry', async () => {
    let fail = true;
    function Fragile() {
      if (fail) throw new RangeError('Invalid time value');
      return <p>Rendered</p>;
    }
    render(inBoundary('dashboard studentHistory', <Fragile />));
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong on this part of the page.');
    await vi.waitFor(() => expect(reports).toHaveLength(1));
    expect(reports[0]!.form).toEqual({ name: 'RangeError', message: 'Invalid time value', where: 'dashboard studentHistory', page: window.location.pathname });
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText('Rendered')).toBeInTheDocument();
  });

  it('keeps the message when the report cannot be sent', async () => {
    fakeApi({ 'POST /api/client-errors': () => 'network-error' });
    const { Chunk } = flakyChunk('Step 3');
    render(inBoundary('booking step 3', <Chunk label="ready" />));
    expect(await screen.findByRole('alert')).toHaveTextContent(chunkFailure);
  });
});

describe('loadChunk', () => {
  afterEach(() => vi.useRealTimers());

  it('gives up after the 120-second time-out with a ChunkLoadError', async () => {
    vi.useFakeTimers();
    const outcome = loadChunk(() => new Promise<never>(() => undefined)).then(
      () => 'loaded',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    let settled: unknown;
    void outcome.then((value) => (settled = value));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBeInstanceOf(ChunkLoadError);
    expect((settled as Error).message).toBe('A script chunk did not load within 120 seconds');
  });

  it('passes a chunk through that loads in time', async () => {
    await expect(loadChunk(async () => 'module')).resolves.toBe('module');
  });
});

describe('chunkPathIn', () => {
  const origin = 'https://tutoring.example';
  it.each([
    ['Failed to fetch dynamically imported module: https://tutoring.example/_astro/A.b1.js', '/_astro/A.b1.js'],
    ['error loading dynamically imported module: https://tutoring.example/_astro/A.b1.js?v=2', '/_astro/A.b1.js'],
    ['Unable to preload CSS for /_astro/Booking.c2.css', '/_astro/Booking.c2.css'],
    ['Failed to fetch dynamically imported module: https://cdn.elsewhere.example/x.js', undefined],
    ['Importing a module script failed.', undefined],
  ])('%s → %s', (message, path) => {
    expect(chunkPathIn(message, origin)).toBe(path);
  });
});
