import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getMyCustomer, getMyPayments } from '../../../src/api/customers.ts';
import { FIRST_ANSWER_TTL_MS, firstData, forgetFirstAnswer, type FirstAnswers, withFirstAnswers } from '../../../src/api/first-answers.ts';
import { configureApi } from '../../../src/api/http.ts';

const PAYMENTS = '/api/customers/myself/payments';
const success = (data: unknown) => ({ status: 'success', data });
let fetched: string[] = [];

beforeEach(() => {
  fetched = [];
  configureApi({
    baseUrl: '',
    fetch: (async (input: RequestInfo | URL) => (fetched.push(String(input)), new Response(JSON.stringify(success(['fetched']))))) as typeof fetch,
  });
});
afterEach(() => vi.restoreAllMocks());

describe("the first reads' answers that came with the page", () => {
  it('answer the first GET of their address, once; the next one fetches', async () => {
    const answers: FirstAnswers = { [PAYMENTS]: [200, success(['early'])] };
    const [first, second] = withFirstAnswers(answers, () => [getMyPayments(), getMyPayments()]);
    expect(await first).toEqual(success(['early']));
    expect(await second).toEqual(success(['fetched']));
    expect(fetched).toEqual([PAYMENTS]);
  });

  it('hand over a failure as the server sent it, and a body that is no envelope as a bad response', async () => {
    const answers: FirstAnswers = { [PAYMENTS]: [401, { status: 'failure', error: { type: 'NoAuth' } }], '/api/customers/myself': [200, 'not json'] };
    const [payments, customer] = withFirstAnswers(answers, () => [getMyPayments(), getMyCustomer()]);
    expect(await payments).toEqual({ status: 'failure', error: { type: 'NoAuth' } });
    expect(await customer).toMatchObject({ status: 'failure', error: { type: 'BadResponse' } });
    expect(fetched).toEqual([]);
  });

  it('are not used once stale: the page was read too long ago', async () => {
    const clock = vi.spyOn(performance, 'now').mockReturnValue(1_000);
    const read = withFirstAnswers({ [PAYMENTS]: [200, success(['old'])] }, () => {
      clock.mockReturnValue(1_000 + FIRST_ANSWER_TTL_MS);
      return getMyPayments();
    });
    expect(await read).toEqual(success(['fetched']));
  });

  it("give a screen's first render the data of a read that succeeded, as often as it renders, until forgotten", () => {
    const answers: FirstAnswers = { [PAYMENTS]: [200, success(['early'])], '/api/customers/myself': [401, { status: 'failure', error: { type: 'NoAuth' } }] };
    withFirstAnswers(answers, () => {
      expect(firstData(PAYMENTS)).toEqual(['early']);
      expect(firstData(PAYMENTS)).toEqual(['early']);
      expect(firstData('/api/customers/myself')).toBeUndefined();
      forgetFirstAnswer(PAYMENTS);
      expect(firstData(PAYMENTS)).toBeUndefined();
    });
  });
});
