import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PhotoDialog } from '../../../src/features/team/PhotoDialog.tsx';
import { fakeApi, success } from '../fake-api.ts';

afterEach(() => vi.restoreAllMocks());

const jpeg = (bytes = [0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]) => new File([new Uint8Array(bytes)], 'me.jpg', { type: 'image/jpeg' });
const fail = (error: Record<string, unknown>, status = 400) => ({ status, body: { status: 'failure', error } });

function renderDialog(tutorId: string | number = 7) {
  const onUploaded = vi.fn();
  const onClose = vi.fn();
  render(<PhotoDialog tutorId={tutorId} tutorName="Sam Lee" onUploaded={onUploaded} onClose={onClose} />);
  const dialog = within(screen.getByRole('dialog', { name: 'Upload a profile photo' }));
  return { dialog, onUploaded, onClose, input: dialog.getByLabelText('Photo (JPEG)') as HTMLInputElement };
}

describe('PhotoDialog', () => {
  it('has a labelled JPEG file input, focused, with Upload and Close buttons', async () => {
    fakeApi({});
    const { dialog, input, onClose } = renderDialog();
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/jpeg,.jpg,.jpeg');
    expect(input).toHaveFocus();
    expect(dialog.getByRole('button', { name: 'Upload' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('refuses a file that is not a JPEG, and Upload without a file, without a request', async () => {
    const seen = fakeApi({});
    const user = userEvent.setup({ applyAccept: false });
    const { dialog, input } = renderDialog();
    await user.click(dialog.getByRole('button', { name: 'Upload' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Please choose a JPEG photo.');
    await user.upload(input, new File(['png'], 'me.png', { type: 'image/png' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Please choose a JPEG photo.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.click(dialog.getByRole('button', { name: 'Upload' }));
    expect(seen).toEqual([]);
  });

  it("sends the file's bytes to the tutor's photo path, says so and reports the new address", async () => {
    const seen = fakeApi({ 'POST /api/tutors/7/photo': () => success({ url: '/tutor_images/7.jpg?v=3' }) });
    const { dialog, input, onUploaded } = renderDialog();
    const file = jpeg();
    await userEvent.upload(input, file);
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    expect(await dialog.findByText('Succesfully uploaded photo')).toHaveAttribute('role', 'status');
    expect(onUploaded).toHaveBeenCalledWith('/tutor_images/7.jpg?v=3');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/api/tutors/7/photo', contentType: 'image/jpeg' });
    const sent = new Uint8Array(await (seen[0]!.body as Blob).arrayBuffer());
    expect([...sent]).toEqual([...new Uint8Array(await file.arrayBuffer())]);
  });

  it("uploads to 'myself'", async () => {
    const seen = fakeApi({ 'POST /api/tutors/myself/photo': () => success({ url: '/tutor_images/2.jpg?v=1' }) });
    const { dialog, input, onUploaded } = renderDialog('myself');
    await userEvent.upload(input, jpeg());
    await userEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    expect(await dialog.findByText('Succesfully uploaded photo')).toBeInTheDocument();
    expect(onUploaded).toHaveBeenCalledWith('/tutor_images/2.jpg?v=1');
    expect(seen.map((r) => r.path)).toEqual(['/api/tutors/myself/photo']);
  });

  it.each([
    ['a network failure', 'network-error' as const, 'Unable to contact server'],
    ['BadImage with its reason', fail({ type: 'BadImage', fields: { photo: 'The JPEG is damaged or incomplete' } }), 'The JPEG is damaged or incomplete'],
    ['BadImage without a reason', fail({ type: 'BadImage' }), 'The photo must be a JPEG.'],
    ['BadInput (a body over 5 MB)', fail({ type: 'BadInput' }, 413), 'The photo is larger than 5 MB.'],
    ['NotAuthorized, in words', fail({ type: 'NotAuthorized' }, 403), 'Your account cannot do this. Please log in with the right account.'],
    ['a type nobody expected, raw', fail({ type: 'SomethingNew' }, 409), 'SomethingNew'],
  ])('shows %s', async (_name, reply, text) => {
    fakeApi({ 'POST /api/tutors/7/photo': () => reply });
    const { dialog, input, onUploaded } = renderDialog();
    await userEvent.upload(input, jpeg());
    await userEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(text);
    expect(dialog.queryByText('Succesfully uploaded photo')).not.toBeInTheDocument();
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('refuses a JPEG over 5 MB before sending', async () => {
    const seen = fakeApi({});
    const { dialog, input } = renderDialog();
    await userEvent.upload(input, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('The photo is larger than 5 MB.');
    expect(seen).toEqual([]);
  });
});
