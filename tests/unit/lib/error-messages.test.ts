import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type ErrorType, errorTypes } from '../../../src/contract/errors.ts';
import { contextMessages, errorMessage, errorMessages, type MessageContext } from '../../../src/lib/error-messages.ts';

const PHONE = '(206) 555-0142';
const spec1 = readFileSync('docs/spec/1-public-site-booking-login.md', 'utf8');
const spec2 = readFileSync('docs/spec/2-signed-in-areas.md', 'utf8');

describe('the error message map', () => {
  it('has a plain, non-empty sentence for every error type of the contract, never the type itself', () => {
    expect(Object.keys(errorMessages).sort()).toEqual([...errorTypes].sort());
    for (const type of errorTypes) {
      const message = errorMessage({ type });
      expect(message.trim(), type).not.toBe('');
      expect(message, type).not.toBe(type);
      expect(message, type).not.toMatch(/\{phone\}/);
    }
  });

  it("uses the specs' own texts where they give one, exactly as written", () => {
    const given: [string, string | undefined, string][] = [
      ['UserNotFound', undefined, "We can't find your account"],
      ['AlreadyExists', undefined, 'You have an account with us already, please log in and retry'],
      ['CourseNotFound', undefined, 'Course not found'],
      ['BadToken', undefined, 'Your token has expired'],
      ['OldToken', undefined, 'Your token has expired'],
      ['EarlyAnchor', undefined, 'Please pick a time in the future (consider next week at the same time)'],
      ['GradeAlreadyExists', undefined, 'A grade with this name already exists, please try a different assignment name'],
      ['CategoryNotFound', undefined, 'The selected grade category no longer exists. Please refresh and try agian'],
      ['GradebookNotFound', undefined, 'This gradebook no longer exists. Please refresh and try agian'],
      ['CannotArchiveSelf', undefined, 'You cannot archive yourself. Please contact another supervisor.'],
      ['DBError', 'customerLoad', 'Cannot contact server, please text or dial {phone} to reserve your spot'],
      ['DBError', 'gradeCreation', 'Internal Server Error'],
      ['DBError', 'gradebookArchive', 'Internal Server Error'],
      ['Unauthorized', 'gradebookArchive', 'Insufficient Permissions'],
      ['GradebookNotFound', 'gradebookArchive', 'This gradebook does not exist. Please contact support or try agian later'],
    ];
    for (const [type, context, text] of given) {
      expect(spec1.includes(text) || spec2.includes(text), `${text} is in a spec`).toBe(true);
      expect(errorMessage({ type }, context as MessageContext | undefined), type).toBe(text.replace('{phone}', PHONE));
    }
    expect(errorMessage({ type: 'HasAttachedOfferings', offerings: [{}, {}] })).toBe(
      'This tutor has 2 attached offerings. Please archive the tutors offerings before archiving the tutor.',
    );
    expect(errorMessage({ type: 'HasAttachedMeetings', meetings: [{}] })).toBe(
      'This tutor has attached 1 scheduled meetings. Please cancel them or have them re-assigned to another tutor.',
    );
  });

  it('fills in the support phone', () => {
    expect(errorMessage({ type: 'TooLate' }, 'skip')).toBe(`Skipping closes 12 hours before the start; call or text ${PHONE}`);
    expect(errorMessage({ type: 'DBError' })).toContain(PHONE);
    expect(errorMessage({ type: 'DBError' }, 'findTutors')).toContain(PHONE);
  });

  it('words the types the issue names, each in its place', () => {
    expect(errorMessage({ type: 'BadCode' })).toMatch(/code is not right/);
    expect(errorMessage({ type: 'OldCode' })).toMatch(/expired or was used/);
    expect(errorMessage({ type: 'TooManyAttempts' })).toMatch(/log in by email/);
    expect(errorMessage({ type: 'UserNotFound' }, 'codeRequest')).toMatch(/can't text a login code/);
    expect(errorMessage({ type: 'SeatTaken' })).toMatch(/took this seat/);
    expect(errorMessage({ type: 'AlreadyBooked' })).toMatch(/booked this session already/);
    expect(errorMessage({ type: 'DBError' }, 'findTutors')).toMatch(/couldn't load the tutors/);
  });

  it("shows a bad input's field reasons, and raw only a type nobody expected", () => {
    expect(errorMessage({ type: 'BadInput', fields: { email: 'Invalid email address' } })).toBe('Invalid email address');
    expect(errorMessage({ type: 'BadInput' })).toBe(errorMessages.BadInput);
    expect(errorMessage({ type: 'SomethingNew' })).toBe('SomethingNew');
    expect(errorMessage({ type: 'SomethingNew' }, 'skip')).toBe('SomethingNew');
  });

  it('is checked by the type system: a map without one type of the contract does not compile (npm run check)', () => {
    const { TooLate: dropped, ...withoutOne } = errorMessages;
    // @ts-expect-error -- TooLate is missing: exactly what `satisfies Record<ErrorType, …>` in error-messages.ts refuses.
    const incomplete: Record<ErrorType, unknown> = withoutOne;
    expect(Object.keys(incomplete)).not.toContain('TooLate');
    expect(dropped).toBeTruthy();
  });

  it('overrides only types of the contract', () => {
    for (const [context, messages] of Object.entries(contextMessages)) {
      for (const type of Object.keys(messages)) expect(errorTypes as readonly string[], `${context}.${type}`).toContain(type);
    }
  });
});
