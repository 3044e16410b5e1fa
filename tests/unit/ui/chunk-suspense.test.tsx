import { act, render, screen } from '@testing-library/react';
import { type ComponentType, lazy } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adoptServerMoment, ServerMoment, useMoment } from '../../../src/lib/moment.ts';
import { ChunkSuspense } from '../../../src/ui/ChunkSuspense.tsx';
import { lazyChunk } from '../../../src/ui/lazy-chunk.ts';

/** A chunk that loads when the test says so. */
function chunk() {
  let arrive!: () => void;
  const loaded = new Promise<void>((resolve) => (arrive = resolve));
  const load = vi.fn(() => loaded.then(() => ({ default: () => <p>The screen</p> })));
  return { Screen: lazy(load), load, arrive: () => act(async () => arrive()) };
}

const page = (Screen: ComponentType) => (
  <main>
    <ChunkSuspense fallback={<p>Loading…</p>}>
      <Screen />
    </ChunkSuspense>
  </main>
);

afterEach(() => vi.restoreAllMocks());

describe('ChunkSuspense', () => {
  it('shows the fallback on the server, without loading the chunk or leaving a boundary to the browser', () => {
    const { Screen, load } = chunk();
    const html = renderToString(page(Screen));
    expect(html).toContain('Loading…');
    expect(html).not.toContain('<!--$!-->');
    expect(load).not.toHaveBeenCalled();
  });

  it("hydrates the server's HTML as it is, keeps the fallback while the chunk loads, then shows it, without an error", async () => {
    const errors = vi.spyOn(console, 'error');
    const { Screen, load, arrive } = chunk();
    const container = document.createElement('div');
    container.innerHTML = renderToString(page(Screen));
    document.body.append(container);
    const fallback = container.querySelector('p');
    await act(async () => void hydrateRoot(container, page(Screen)));
    expect(load).toHaveBeenCalledTimes(1);
    // The same element, hydrated and still shown: not hidden behind a fallback shown anew.
    expect(container.querySelectorAll('p')).toHaveLength(1);
    expect(container.querySelector('p')).toBe(fallback);
    expect(fallback).not.toHaveAttribute('style');
    expect(container).toHaveTextContent('Loading…');
    await arrive();
    expect(container).toHaveTextContent('The screen');
    expect(errors).not.toHaveBeenCalled();
    container.remove();
  });

  it("writes a chunk the server loaded ahead, and hydrates it once the browser has loaded it, keeping the server's HTML meanwhile", async () => {
    const errors = vi.spyOn(console, 'error');
    let renders = 0;
    function Counted() {
      renders++;
      return <p>The screen</p>;
    }
    // The server's copy of the chunk, loaded before its render.
    const ServerScreen = lazyChunk(() => Promise.resolve({ default: Counted }));
    await ServerScreen.preload();
    const written = (Screen: ComponentType) => (
      <main>
        <ChunkSuspense fallback={<p>Loading…</p>} serverWritten>
          <Screen />
        </ChunkSuspense>
      </main>
    );
    const html = renderToString(written(ServerScreen));
    expect(html).toContain('The screen');
    expect(html).not.toContain('Loading…');
    expect(html).not.toContain('<!--$!-->');

    // The browser's copy, still loading as the page is hydrated.
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const BrowserScreen = lazyChunk(() => arrived.then(() => ({ default: Counted })));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const paragraph = container.querySelector('p');
    renders = 0;
    await act(async () => void hydrateRoot(container, written(BrowserScreen)));
    expect(container.querySelector('p')).toBe(paragraph);
    expect(container).toHaveTextContent('The screen');
    expect(renders).toBe(0);
    await act(async () => arrive());
    // Hydrated as written: the same element, rendered once, no fallback on the way.
    expect(container.querySelector('p')).toBe(paragraph);
    expect(container).not.toHaveTextContent('Loading…');
    expect(renders).toBe(1);
    expect(errors).not.toHaveBeenCalled();
    container.remove();
  });

  it('is plain Suspense when the browser renders from the start', async () => {
    const { Screen, load, arrive } = chunk();
    render(page(Screen));
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    await arrive();
    expect(screen.getByText('The screen')).toBeInTheDocument();
  });
});

describe('useMoment', () => {
  function When() {
    const { nowMs, zone } = useMoment();
    return <p data-zone={zone}>{new Date(nowMs).getUTCFullYear()}</p>;
  }
  const server = { nowMs: Date.parse('2020-06-01T00:00:00Z'), zone: 'Asia/Tokyo' };
  const withServer = (
    <ServerMoment value={server}>
      <When />
    </ServerMoment>
  );

  it("renders the server's moment on the server and while hydrating, then the browser's", async () => {
    const errors = vi.spyOn(console, 'error');
    const html = renderToString(withServer);
    expect(html).toContain('data-zone="Asia/Tokyo"');
    expect(html).toContain('2020');
    const container = document.createElement('div');
    container.innerHTML = html;
    await act(async () => void hydrateRoot(container, withServer));
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(container.querySelector('p')).toHaveAttribute('data-zone', browserZone);
    expect(container).toHaveTextContent(String(new Date().getUTCFullYear()));
    expect(errors).not.toHaveBeenCalled();
  });

  it("takes a moment the server wrote moments ago in the browser's zone as the browser's own: hydration renders nothing again", async () => {
    const errors = vi.spyOn(console, 'error');
    const fresh = { nowMs: Date.now() - 2000, zone: Intl.DateTimeFormat().resolvedOptions().timeZone };
    let renders = 0;
    function Counted() {
      renders++;
      const { nowMs, zone } = useMoment();
      return <p data-zone={zone}>{nowMs}</p>;
    }
    const page = (
      <ServerMoment value={fresh}>
        <Counted />
      </ServerMoment>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    renders = 0;
    adoptServerMoment(fresh);
    await act(async () => void hydrateRoot(container, page));
    expect(renders).toBe(1);
    expect(container).toHaveTextContent(String(fresh.nowMs));
    expect(errors).not.toHaveBeenCalled();
    // Another zone's moment, or an old one, is not taken: the browser keeps its own.
    adoptServerMoment({ nowMs: Date.now() + 1000, zone: fresh.zone === 'Asia/Tokyo' ? 'Europe/Paris' : 'Asia/Tokyo' });
    adoptServerMoment({ nowMs: Date.now() - 60_000, zone: fresh.zone });
    render(<Counted />);
    expect(screen.getByText(String(fresh.nowMs))).toHaveAttribute('data-zone', fresh.zone);
  });

  it("is the browser's moment without a server", () => {
    render(<When />);
    expect(screen.getByText(String(new Date().getUTCFullYear()))).toBeInTheDocument();
  });
});
