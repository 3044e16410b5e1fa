import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withFirstAnswers } from '../../../src/api/first-answers.ts';
import { request } from '../../../src/api/http.ts';
import { NETWORK_MESSAGE } from '../../../src/lib/network-message.ts';
import { errorMessages } from '../../../src/lib/error-messages.ts';
import { signInAgain } from '../../../src/lib/sign-in-again.ts';
import { type ReadOptions, useRead } from '../../../src/ui/use-read.ts';
import { failure, fakeApi, never, success } from '../fake-api.ts';

vi.mock('../../../src/lib/sign-in-again.ts', () => ({ signInAgain: vi.fn() }));

/** Shows the state of reading /api/things?n=…, with buttons to reload and to read another n. */
function Things({ n, options }: { n: number; options?: ReadOptions<string[]> }) {
  // n = 0: nothing to read yet.
  const { state, reload, setData, update } = useRead(n === 0 ? null : () => request<string[]>('GET', '/api/things', { query: { n } }), [n], options);
  return (
    <div>
      <p data-testid="state">
        {state.status === 'ready' ? `ready ${state.data.join(',')}${state.refreshing ? ' refreshing' : ''}` : state.status === 'error' ? `error ${state.message}${state.denied ? ' denied' : ''}` : 'loading'}
      </p>
      <button onClick={reload}>Reload</button>
      <button onClick={() => setData(['set'])}>Set</button>
      <button onClick={() => update((data) => [...data, 'more'])}>Update</button>
    </div>
  );
}

const shown = () => screen.getByTestId('state').textContent;

/** Replies held until released, so a test decides their order. */
function heldReplies() {
  const pending: { n: string; release: (reply: ReturnType<typeof success> | ReturnType<typeof failure>) => void }[] = [];
  const seen = fakeApi({ 'GET /api/things': (seenRequest) => new Promise((resolve) => pending.push({ n: seenRequest.query.n!, release: resolve })) });
  return { pending, seen };
}

describe('useRead', () => {
  beforeEach(() => vi.mocked(signInAgain).mockClear());
  afterEach(() => vi.restoreAllMocks());

  it('shows loading, then the data', async () => {
    fakeApi({ 'GET /api/things': () => success(['a', 'b']) });
    render(<Things n={1} />);
    expect(shown()).toBe('loading');
    expect(await screen.findByText('ready a,b')).toBeInTheDocument();
  });

  it("shows a failure's sentence, and the network sentence when no answer came", async () => {
    fakeApi({ 'GET /api/things': () => failure('DBError', 500) });
    const { unmount } = render(<Things n={1} />);
    expect(await screen.findByText(/^error Something went wrong on our side/)).toBeInTheDocument();
    unmount();
    fakeApi({ 'GET /api/things': () => 'network-error' });
    render(<Things n={1} />);
    expect(await screen.findByText(`error ${NETWORK_MESSAGE}`)).toBeInTheDocument();
  });

  it('words a failure as the screen\'s `context` does (a dialog\'s read)', async () => {
    fakeApi({ 'GET /api/things': () => failure('MeetingStarted', 409) });
    const { unmount } = render(<Things n={1} options={{ context: 'takeBack' }} />);
    expect(await screen.findByText('error This hour has started: it can no longer be removed.')).toBeInTheDocument();
    unmount();
    render(<Things n={1} />);
    expect(await screen.findByText(/^error /)).not.toHaveTextContent('This hour has started');
  });

  it('ignores a stale answer: the answer for the old deps arriving last does not overwrite the new one', async () => {
    const { pending } = heldReplies();
    const { rerender } = render(<Things n={1} />);
    rerender(<Things n={2} />);
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    await act(async () => pending[1]!.release(success(['two'])));
    expect(await screen.findByText('ready two')).toBeInTheDocument();
    await act(async () => pending[0]!.release(success(['one'])));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(shown()).toBe('ready two');
  });

  it('an unmounted screen acts on no answer (a late NoAuth does not send anyone to sign in)', async () => {
    const { pending } = heldReplies();
    const { unmount } = render(<Things n={1} />);
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    unmount();
    await act(async () => pending[0]!.release(failure('NoAuth', 401)));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(signInAgain).not.toHaveBeenCalled();
  });

  it('reload keeps the data on screen while refreshing, then shows the new answer', async () => {
    const { pending } = heldReplies();
    render(<Things n={1} />);
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    await act(async () => pending[0]!.release(success(['old'])));
    expect(await screen.findByText('ready old')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Reload' }).click());
    expect(shown()).toBe('ready old refreshing');
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    await act(async () => pending[1]!.release(success(['new'])));
    expect(await screen.findByText('ready new')).toBeInTheDocument();
  });

  it('new deps show the loader, or with `keep` the last data while refreshing', async () => {
    const { pending } = heldReplies();
    const { rerender } = render(<Things n={1} options={{ keep: true }} />);
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    await act(async () => pending[0]!.release(success(['one'])));
    expect(await screen.findByText('ready one')).toBeInTheDocument();
    rerender(<Things n={2} options={{ keep: true }} />);
    expect(shown()).toBe('ready one refreshing');
    rerender(<Things n={3} />);
    expect(shown()).toBe('loading');
  });

  it('reads nothing while there is nothing to read, and drops the data kept for other deps', async () => {
    const seen = fakeApi({ 'GET /api/things': () => success(['one']) });
    const { rerender } = render(<Things n={1} options={{ keep: true }} />);
    await screen.findByText('ready one');
    rerender(<Things n={0} options={{ keep: true }} />);
    expect(shown()).toBe('loading');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(shown()).toBe('loading');
    expect(seen).toHaveLength(1);
  });

  it('setData and update show data the screen got otherwise', async () => {
    fakeApi({ 'GET /api/things': () => success(['read']) });
    render(<Things n={1} />);
    await screen.findByText('ready read');
    act(() => screen.getByRole('button', { name: 'Set' }).click());
    expect(shown()).toBe('ready set');
    act(() => screen.getByRole('button', { name: 'Update' }).click());
    expect(shown()).toBe('ready set,more');
  });

  it('sends a signed-out person to sign in again (NoAuth), and shows a wrong account its sentence or sends it away', async () => {
    fakeApi({ 'GET /api/things': () => failure('NoAuth', 401) });
    const first = render(<Things n={1} />);
    await vi.waitFor(() => expect(signInAgain).toHaveBeenCalledTimes(1));
    expect(shown()).toBe('loading');
    first.unmount();

    fakeApi({ 'GET /api/things': () => failure('NotAuthorized', 403) });
    const second = render(<Things n={1} />);
    expect(await screen.findByText(`error ${errorMessages.NotAuthorized} denied`)).toBeInTheDocument();
    second.unmount();

    const onDenied = vi.fn();
    render(<Things n={1} options={{ onDenied }} />);
    await vi.waitFor(() => expect(onDenied).toHaveBeenCalledTimes(1));
    expect(signInAgain).toHaveBeenCalledTimes(1);
  });

  it("shows the page's first answer without fetching, and a later visit fetches anew", async () => {
    const seen = fakeApi({ 'GET /api/things': () => success(['fetched']) });
    const answers = { '/api/things/first': [200, { status: 'success', data: ['from page'] }] as [number, unknown] };
    const view = withFirstAnswers(answers, () => render(<Things n={1} options={{ firstPath: '/api/things/first' }} />));
    expect(shown()).toBe('ready from page');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(seen).toHaveLength(0);
    expect(answers).toEqual({});
    view.unmount();
  });

  it("leaves a shared first answer in the page for its other readers (`shared`: the session check)", async () => {
    const seen = fakeApi({ 'GET /api/things': () => success(['fetched']) });
    const answers = { '/api/things/first': [200, { status: 'success', data: ['from page'] }] as [number, unknown] };
    const view = withFirstAnswers(answers, () => render(<Things n={1} options={{ firstPath: '/api/things/first', shared: true }} />));
    expect(shown()).toBe('ready from page');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(seen).toHaveLength(0);
    expect(Object.keys(answers)).toEqual(['/api/things/first']);
    view.unmount();
  });

  it('serves a shared first answer to a part of the page that renders later, and a reload fetches anew', async () => {
    const seen = fakeApi({ 'GET /api/things': () => success(['fetched']) });
    const answers = { '/api/things?n=1': [200, { status: 'success', data: ['from page'] }] as [number, unknown] };
    const options = { firstPath: '/api/things?n=1', shared: true };
    const first = withFirstAnswers(answers, () => render(<Things n={1} options={options} />));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    // Another part of the page (the dashboard's screen beside its sidebar) hydrates after the first has shown it.
    const later = withFirstAnswers(answers, () => render(<Things n={1} options={options} />));
    expect(within(later.container).getByTestId('state').textContent).toBe('ready from page');
    expect(seen).toHaveLength(0);
    // A reload asks the server, while the page's answer is still fresh.
    withFirstAnswers(answers, () => fireEvent.click(within(first.container).getByRole('button', { name: 'Reload' })));
    await vi.waitFor(() => expect(within(first.container).getByTestId('state').textContent).toBe('ready fetched'));
    expect(seen).toHaveLength(1);
    first.unmount();
    later.unmount();
  });

  it("shows the page's first answer as the screen keeps it (`fromPage`)", async () => {
    const seen = fakeApi({ 'GET /api/things': () => success(['fetched']) });
    const answers = { '/api/things/first': [200, { status: 'success', data: ['from page'] }] as [number, unknown] };
    const view = withFirstAnswers(answers, () =>
      render(<Things n={1} options={{ firstPath: '/api/things/first', fromPage: (answer: string[]) => [...answer, 'kept'] }} />),
    );
    expect(shown()).toBe('ready from page,kept');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(seen).toHaveLength(0);
    view.unmount();
  });

  it('`keep` given as a function decides from the data on screen', async () => {
    fakeApi({ 'GET /api/things': (seenRequest) => (seenRequest.query.n === '1' ? success(['one']) : never()) });
    const keepOne = (data: string[]) => data[0] === 'one';
    const { rerender } = render(<Things n={1} options={{ keep: keepOne }} />);
    await screen.findByText('ready one');
    rerender(<Things n={2} options={{ keep: keepOne }} />);
    expect(shown()).toBe('ready one refreshing');
    rerender(<Things n={3} options={{ keep: () => false }} />);
    expect(shown()).toBe('loading');
  });
});

/** Reads pages of letters up to `pages`, adding to the data on screen when it can (as a list's further page does). */
function Pages({ pages }: { pages: number }) {
  const { state, reload } = useRead<string[]>(
    (shown) => {
      const from = shown && shown.length < pages ? shown.length : 0;
      return request<string[]>('GET', '/api/pages', { query: { from, to: pages } }).then((result) =>
        result.status === 'success' ? { ...result, data: [...(from > 0 ? shown! : []), ...result.data] } : result,
      );
    },
    [pages],
    { keep: true },
  );
  return (
    <div>
      <p data-testid="state">{state.status === 'ready' ? `ready ${state.data.join(',')}${state.refreshing ? ' refreshing' : ''}` : state.status}</p>
      <button onClick={reload}>Reload</button>
    </div>
  );
}

describe('useRead: a read given the data on screen', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads only what the data on screen lacks, and everything again on reload', async () => {
    const letters = 'abcdef';
    const seen = fakeApi({ 'GET /api/pages': ({ query }) => success([...letters.slice(Number(query.from), Number(query.to))]) });
    const { rerender } = render(<Pages pages={2} />);
    await screen.findByText('ready a,b');
    rerender(<Pages pages={3} />);
    await screen.findByText('ready a,b,c');
    expect(seen.map(({ query }) => `${query.from}-${query.to}`)).toEqual(['0-2', '2-3']);
    act(() => screen.getByRole('button', { name: 'Reload' }).click());
    await vi.waitFor(() => expect(seen).toHaveLength(3));
    expect(seen[2]!.query).toEqual({ from: '0', to: '3' });
    await screen.findByText('ready a,b,c');
  });

  it('is given nothing while the data on screen is being read again (a reload under way)', async () => {
    const { pending, seen } = heldPages();
    const { rerender } = render(<Pages pages={1} />);
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    await act(async () => pending[0]!(success(['a'])));
    await screen.findByText('ready a');
    act(() => screen.getByRole('button', { name: 'Reload' }).click());
    rerender(<Pages pages={2} />);
    await vi.waitFor(() => expect(seen).toHaveLength(3));
    // The page added while the reload was under way reads every page: the data on screen is not up to date.
    expect(seen[2]!.query).toEqual({ from: '0', to: '2' });
  });
});

/** Replies to /api/pages held until released. */
function heldPages() {
  const pending: ((reply: ReturnType<typeof success>) => void)[] = [];
  const seen = fakeApi({ 'GET /api/pages': () => new Promise((resolve) => pending.push(resolve)) });
  return { pending, seen };
}

