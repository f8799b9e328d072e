import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDialogStandIn } from '../../test/dialog-stand-in';
import { Dialog } from './dialog';
import { FormField } from './form-field';

let removeDialog: () => void = () => undefined;
beforeAll(() => {
  removeDialog = installDialogStandIn();
});
afterAll(() => {
  removeDialog();
});

function Opener({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
        }}
      >
        Open
      </button>
      {open ? (
        <Dialog
          title="Cancel membership"
          description="Premium"
          closeLabel="Close"
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        >
          <form method="dialog">
            <button type="submit">Done</button>
          </form>
        </Dialog>
      ) : null}
    </>
  );
}

describe('Dialog', () => {
  it('is a modal named by its title and described by its description', async () => {
    render(<Opener onClose={vi.fn()} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel membership' });
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAccessibleDescription('Premium');
  });

  it('closes once on Escape, on its close button, and stops Escape there', async () => {
    const onClose = vi.fn();
    const outer = vi.fn();
    document.addEventListener('keydown', outer);
    render(<Opener onClose={onClose} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    // The browser's showModal moves focus into the dialog; jsdom's stand-in does not.
    screen.getByRole('button', { name: 'Done' }).focus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    document.removeEventListener('keydown', outer);
  });

  it('does not report a close when the page removes it', () => {
    const onClose = vi.fn();
    const { unmount } = render(
      <Dialog title="Receipt" role="alertdialog" onClose={onClose}>
        <p>Paid</p>
      </Dialog>,
    );
    expect(screen.getByRole('alertdialog', { name: 'Receipt' })).toBeInTheDocument();
    unmount();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('FormField', () => {
  it('labels the input and reads its hint and error with it', () => {
    render(<FormField label="Expiry" hint="MM/YY" error="The card has expired." name="expiry" />);
    const input = screen.getByRole('textbox', { name: 'Expiry' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('MM/YY The card has expired.');
  });

  it('is valid without an error, and can point at an error said elsewhere', () => {
    const { rerender } = render(<FormField label="Email" name="email" />);
    expect(screen.getByRole('textbox', { name: 'Email' })).not.toHaveAttribute('aria-invalid');
    rerender(
      <>
        <FormField label="Email" name="email" invalid describedBy="form-error" />
        <p id="form-error">This email is taken.</p>
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('This email is taken.');
  });
});
