import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArchiveTutorDialog } from '../../../src/features/team/ArchiveTutorDialog.tsx';
import { CreateTutorDialog } from '../../../src/features/team/CreateTutorDialog.tsx';
import { TeamScreen } from '../../../src/features/team/TeamScreen.tsx';
import { fakeApi, success } from '../fake-api.ts';
import { maya, old, sam, teamProps as props, tutor, signedInAsMaya } from './fixtures.ts';

afterEach(() => vi.restoreAllMocks());

const fail = (error: Record<string, unknown>, status = 409) => ({ status, body: { status: 'failure', error } });

async function fillCreate(phone = '(206) 555-0199') {
  await userEvent.type(screen.getByRole('textbox', { name: 'First Name' }), 'Nina');
  await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'Nina@BeaconTutoring.com');
  await userEvent.type(screen.getByRole('textbox', { name: /^Phone/ }), phone);
  await userEvent.type(screen.getByRole('textbox', { name: 'Bio' }), 'Math major');
}


beforeEach(() => {
  signedInAsMaya();
  // The team view keeps its choices in the address: each test starts from a plain one.
  window.history.replaceState(null, '', '/tutors/myself/dashboard/supervisor');
});

describe('Create a Tutor', () => {
  it('opens from + with Show Archived on, strips the phone, then shows the checklist and the new tutor', async () => {
    const nina = tutor(20, { name: 'Nina', role: 'Archived', phone: '2065550199' });
    let list = [maya, old];
    const seen = fakeApi({
      'GET /api/tutors': () => success(list),
      'GET /api/team/hours': () => success([]),
      'POST /api/tutors': () => {
        list = [...list, nina];
        return success(nina);
      },
    });
    render(<TeamScreen {...props} />);
    await screen.findByRole('list', { name: 'Tutors' });
    await userEvent.click(screen.getByRole('button', { name: 'Create a Tutor' }));
    expect(screen.getByRole('checkbox', { name: 'Show Archived' })).toBeChecked();
    const dialog = within(screen.getByRole('dialog', { name: 'Create a Tutor' }));
    expect(dialog.getByRole('textbox', { name: 'First Name' })).toHaveFocus();
    await fillCreate();
    expect(dialog.getByRole('textbox', { name: /^Phone/ })).toHaveValue('(206) 555-0199');
    // Enter submits: the primary button submits the dialog's form through its form attribute (browsers
    // find it for implicit submission; user-event looks only inside the form, so submit the form here).
    const form = dialog.getByRole('textbox', { name: 'Email' }).closest('form')!;
    const create = dialog.getByRole('button', { name: 'Create Tutor' });
    expect(create).toHaveAttribute('type', 'submit');
    expect(create).toHaveAttribute('form', form.id);
    fireEvent.submit(form);

    const checklistDialog = await screen.findByRole('dialog', { name: 'Nina was created' });
    const checklist = within(checklistDialog);
    for (const item of ['payroll', 'I-9', 'offer letter', 'employee agreement', 'company email', 'training']) {
      expect(checklist.getByText(new RegExp(item))).toBeInTheDocument();
    }
    expect(checklistDialog).toHaveTextContent(/The new account is archived: unarchive it .* when the tutor is ready/);
    const post = seen.find((r) => r.method === 'POST' && r.path === '/api/tutors')!;
    expect(post.form).toEqual({ name: 'Nina', email: 'nina@beacontutoring.com', phone: '2065550199', background: 'Math major' });
    await userEvent.click(checklist.getByRole('button', { name: 'Next' }));
    // Next leads to the photo upload for the new tutor.
    const photo = await screen.findByRole('dialog', { name: 'Upload a profile photo' });
    expect(within(photo).getByLabelText('Photo (JPEG)')).toHaveFocus();
    expect(screen.queryByRole('dialog', { name: 'Nina was created' })).not.toBeInTheDocument();
    await userEvent.click(within(photo).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: /Nina/ })).toBeInTheDocument();
  });

  it('shows field errors at the fields, AlreadyExists as a sentence, and the network message', async () => {
    let reply: 'fields' | 'exists' | 'network' = 'fields';
    fakeApi({
      'POST /api/tutors': () =>
        reply === 'fields'
          ? fail({ type: 'BadInput', fields: { email: 'Enter a valid email', phone: 'Enter ten digits' } }, 400)
          : reply === 'exists'
            ? fail({ type: 'AlreadyExists' })
            : 'network-error',
    });
    const onClose = vi.fn();
    render(<CreateTutorDialog onClose={onClose} />);
    await fillCreate();
    await userEvent.click(screen.getByRole('button', { name: 'Create Tutor' }));
    expect(await screen.findByText('Enter a valid email')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Enter a valid email');
    expect(screen.getByRole('textbox', { name: /^Phone/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter ten digits')).toBeInTheDocument();

    reply = 'exists';
    await userEvent.click(screen.getByRole('button', { name: 'Create Tutor' }));
    expect(await screen.findByText('A tutor with this email or phone number already exists.')).toBeInTheDocument();

    reply = 'network';
    await userEvent.click(screen.getByRole('button', { name: 'Create Tutor' }));
    expect(await screen.findByText('Unable to process this request')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledWith(null);
  });
});

describe('Create a Tutor, in words', () => {
  it('says what each empty or wrong field needs before sending anything', async () => {
    const seen = fakeApi({});
    render(<CreateTutorDialog onClose={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Create Tutor' }));
    expect(screen.getByRole('textbox', { name: 'First Name' })).toHaveAccessibleDescription('Enter a first name');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Enter an email address, such as sam@beacontutoring.com');
    expect(screen.getByRole('textbox', { name: /^Phone/ })).toHaveAccessibleDescription(/Enter a 10-digit phone number/);
    expect(seen).toEqual([]);
  });

  it("puts a validator's own wording from the server into words", async () => {
    fakeApi({ 'POST /api/tutors': () => fail({ type: 'BadInput', fields: { name: 'Too small: expected string to have >=1 characters' } }, 400) });
    render(<CreateTutorDialog onClose={vi.fn()} />);
    await fillCreate();
    await userEvent.click(screen.getByRole('button', { name: 'Create Tutor' }));
    expect(await screen.findByText('Enter a first name')).toBeInTheDocument();
    expect(screen.queryByText(/Too small/)).not.toBeInTheDocument();
  });
});

describe('the archive dialog', () => {
  it.each([
    [{ type: 'CannotArchiveSelf' }, 'You cannot archive yourself. Please contact another supervisor.'],
    [
      { type: 'HasAttachedOfferings', offerings: [{ id: 1 }, { id: 2 }, { id: 3 }] },
      'This tutor has 3 attached offerings. Please archive the tutors offerings before archiving the tutor.',
    ],
    [
      { type: 'HasAttachedMeetings', meetings: [{ id: 1 }, { id: 2 }] },
      'This tutor has attached 2 scheduled meetings. Please cancel them or have them re-assigned to another tutor.',
    ],
    [{ type: 'TutorNotFound' }, 'This tutor no longer exists. Please reload the page.'],
    [{ type: 'SomethingNew' }, 'SomethingNew'],
  ])('shows %o inside the dialog', async (error, message) => {
    fakeApi({ 'POST /api/tutors/7/archive': () => fail(error) });
    const onClose = vi.fn();
    render(<ArchiveTutorDialog tutor={sam} onClose={onClose} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Confirm archival' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Archive' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('dialog', { name: 'Confirm archival' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Nevermind' }));
    expect(onClose).toHaveBeenCalledWith(false);
  });

  it('archives from the card, shows the success title and reloads the list', async () => {
    let list = [maya, sam];
    const seen = fakeApi({
      'GET /api/tutors': () => success(list),
      'GET /api/team/hours': () => success([]),
      'POST /api/tutors/7/archive': () => {
        list = [maya, { ...sam, role: 'Archived' }];
        return success(list[1]);
      },
    });
    render(<TeamScreen {...props} />);
    const samCard = (await screen.findAllByRole('listitem')).find((li) => within(li).queryByText('Sam Lee'))!;
    await userEvent.click(within(samCard).getByRole('button', { name: 'Archive' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Confirm archival' })).getByRole('button', { name: 'Archive' }));
    const done = await screen.findByRole('dialog', { name: 'Tutor Succesfully Archived' });
    expect(seen.find((r) => r.path === '/api/tutors/7/archive')!.query).toEqual({ unarchive: 'false' });
    await userEvent.click(within(done).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Sam Lee')).not.toBeInTheDocument());
    expect(seen.filter((r) => r.path === '/api/tutors')).toHaveLength(2);
  });

  it('lists what an unarchiving would skip, and asks to unarchive anyway', async () => {
    fakeApi({
      'GET /api/tutors/9/onboarding': () =>
        success({ tutor_id: 9, has_photo: false, items: ['payroll', 'i9', 'offer_letter', 'agreement', 'email', 'training'].map((item) => ({ item, done: item === 'payroll' ? { by: { id: 5, name: 'Maya Chen' }, epoch: 0 } : null })) }),
      'POST /api/tutors/9/archive': () => success({ ...old, role: 'Tutor' }),
    });
    render(<ArchiveTutorDialog tutor={old} onClose={vi.fn()} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Confirm unarchival' }));
    const missing = within(await dialog.findByRole('note', { name: 'Not done yet' }));
    expect(missing.getByText('No photo: the home page will show their initials')).toBeInTheDocument();
    expect(missing.getByText('Collect the I-9')).toBeInTheDocument();
    expect(missing.queryByText('Set up payroll')).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Unarchive anyway' }));
    expect(await screen.findByRole('dialog', { name: 'Tutor Succesfully Unarchived' })).toBeInTheDocument();
  });

  it('unarchives an archived tutor', async () => {
    const seen = fakeApi({ 'POST /api/tutors/9/archive': () => success({ ...old, role: 'Tutor' }) });
    const onClose = vi.fn();
    render(<ArchiveTutorDialog tutor={old} onClose={onClose} />);
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Confirm unarchival' })).getByRole('button', { name: 'Unarchive' }));
    expect(await screen.findByRole('dialog', { name: 'Tutor Succesfully Unarchived' })).toBeInTheDocument();
    expect(seen.find((r) => r.path === '/api/tutors/9/archive')!.query).toEqual({ unarchive: 'true' });
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledWith(true);
  });
});
