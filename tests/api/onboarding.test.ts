import { expect, it } from 'vitest';
import { photoVersion } from '../../server/photo-store/store.ts';
import { newCustomer, post } from './booking-helpers.ts';
import { call, describeApi } from './harness.ts';
import { jordan, maya, newTutor } from './tutor-helpers.ts';

/** Onboarding that is tracked (issue 25): items ticked by a supervisor, with who and when; the photo. */
describeApi('onboarding', (ctx) => {
  it('keeps each ticked item with who ticked it and when, and unticks', async () => {
    const lead = await maya(ctx());
    const tutor = await newTutor(ctx());
    const start = await call(lead.client, `/api/tutors/${tutor.id}/onboarding`);
    expect(start.body.data).toMatchObject({ tutor_id: tutor.id, has_photo: false });
    expect(start.body.data.items.map((i: { item: string; done: unknown }) => [i.item, i.done])).toEqual(
      ['payroll', 'i9', 'offer_letter', 'agreement', 'email', 'training'].map((item) => [item, null]),
    );

    const ticked = await post(lead.client, `/api/tutors/${tutor.id}/onboarding`, { item: 'i9', done: 'true' });
    expect(ticked.status).toBe(200);
    expect(ticked.body.data.items.find((i: { item: string }) => i.item === 'i9').done).toMatchObject({ by: { id: lead.id, name: 'Maya Chen' }, epoch: expect.any(Number) });
    const progress = (await call(lead.client, '/api/team/onboarding')).body.data.find((p: { tutor_id: number }) => p.tutor_id === tutor.id);
    expect(progress).toEqual({ tutor_id: tutor.id, done: 1, total: 6, has_photo: false });

    const unticked = await post(lead.client, `/api/tutors/${tutor.id}/onboarding`, { item: 'i9', done: 'false' });
    expect(unticked.body.data.items.every((i: { done: unknown }) => i.done === null)).toBe(true);
  });

  it('sees an uploaded photo', async () => {
    const lead = await maya(ctx());
    const tutor = await newTutor(ctx());
    const team = async () => (await call(lead.client, '/api/team/onboarding')).body.data.find((p: { tutor_id: number }) => p.tutor_id === tutor.id);
    expect((await team()).has_photo).toBe(false);
    await ctx().photos.save(tutor.id, { version: photoVersion(Buffer.from('jpeg')), jpeg: Buffer.from('jpeg') });
    expect((await call(lead.client, `/api/tutors/${tutor.id}/onboarding`)).body.data.has_photo).toBe(true);
    expect((await team()).has_photo).toBe(true);
  });

  it('is for supervisors, with items from the checklist only', async () => {
    const lead = await maya(ctx());
    const tutor = await jordan(ctx());
    const customer = await newCustomer(ctx());
    expect((await call(tutor.client, `/api/tutors/${tutor.id}/onboarding`)).body.error.type).toBe('NotAuthorized');
    expect((await post(tutor.client, `/api/tutors/${tutor.id}/onboarding`, { item: 'i9', done: 'true' })).body.error.type).toBe('NotAuthorized');
    expect((await call(customer.client, '/api/team/onboarding')).status).toBe(403);
    expect((await call(ctx().client(), '/api/team/onboarding')).body.error.type).toBe('NoAuth');
    expect((await post(lead.client, `/api/tutors/${tutor.id}/onboarding`, { item: 'coffee', done: 'true' })).body.error).toMatchObject({ type: 'BadInput', fields: { item: expect.any(String) } });
    expect((await post(lead.client, '/api/tutors/999999/onboarding', { item: 'i9', done: 'true' })).body.error.type).toBe('TutorNotFound');
  });
});
