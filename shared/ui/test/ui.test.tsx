import '@testing-library/jest-dom';
import { act, render, screen, fireEvent } from '@testing-library/react';
import { initI18n } from '@wishlist/i18n';
import { useNotificationsStore } from '@wishlist/stores';
import { useState } from 'react';
import { Button, ConfirmDialog, ErrorPanel, HOVER_CLOSE_DELAY_MS, Notifications, Spinner, TextArea, TextField, useHoverDisclosure, useIsMobile, MOBILE_MEDIA_QUERY } from '../src';

beforeAll(() => initI18n('en'));

describe('Button', () => {
  it('renders a typed button with its variant', () => {
    render(<Button variant="secondary">Save</Button>);
    const b = screen.getByRole('button', { name: 'Save' });
    expect(b).toHaveAttribute('type', 'button');
    expect(b).toHaveClass('ui-button--secondary');
    expect(b).not.toHaveAttribute('aria-busy');
  });
  it('shows a spinner, is disabled and busy while loading', () => {
    const onClick = jest.fn();
    const { container } = render(
      <Button loading onClick={onClick} type="submit">
        Send
      </Button>,
    );
    const b = screen.getByRole('button', { name: 'Send' });
    expect(b).toBeDisabled();
    expect(b).toHaveAttribute('aria-busy', 'true');
    expect(container.querySelector('.ui-spinner')).toBeInTheDocument();
    fireEvent.click(b);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('TextField', () => {
  it('labels the input and marks required with an asterisk', () => {
    render(<TextField label="Email" required type="email" />);
    const input = screen.getByLabelText(/Email/);
    expect(input).toBeRequired();
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
    expect(input).not.toHaveAttribute('aria-invalid');
  });
  it('flags an error with aria-invalid and a described message', () => {
    render(<TextField label="URL" error="Invalid address" />);
    const input = screen.getByLabelText('URL');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Invalid address');
  });
  it('stops at maxLength and counts the characters left in a polite live region tied to the field', () => {
    function Controlled() {
      const [v, setV] = useState('');
      return <TextField label="Name" hint="A short name" maxLength={12} value={v} onChange={(e) => setV(e.target.value)} />;
    }
    render(<Controlled />);
    const input = screen.getByLabelText('Name');
    expect(input).toHaveAttribute('maxLength', '12');
    expect(input).toHaveAccessibleDescription('A short name 12 characters left');
    fireEvent.change(input, { target: { value: 'Eleven char' } });
    const counter = screen.getByText('1 character left');
    expect(counter).toHaveAttribute('aria-live', 'polite');
    expect(input.getAttribute('aria-describedby')).toContain(counter.id);
  });
  it('counts an uncontrolled field too, and shows no counter without a limit', () => {
    render(<TextField label="Free" />);
    expect(screen.queryByText(/characters? left/)).toBeNull();
    render(<TextArea label="Message" maxLength={5} defaultValue="ab" />);
    expect(screen.getByText('3 characters left')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'abcde' } });
    expect(screen.getByText('0 characters left')).toBeInTheDocument();
  });
});

describe('Spinner', () => {
  it('is decorative without label and a status with one', () => {
    const { container, rerender } = render(<Spinner />);
    expect(container.firstChild).toHaveAttribute('aria-hidden', 'true');
    rerender(<Spinner label="Loading" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });
});

describe('ErrorPanel', () => {
  it('shows localized defaults and a working Retry', () => {
    const onRetry = jest.fn();
    render(<ErrorPanel onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This part of the page could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
  });
});

describe('useIsMobile', () => {
  it('follows the 640 px media query', () => {
    const listeners: (() => void)[] = [];
    let matches = false;
    window.matchMedia = jest.fn().mockImplementation((q: string) => ({
      get matches() {
        return q === MOBILE_MEDIA_QUERY && matches;
      },
      addEventListener: (_: string, l: () => void) => listeners.push(l),
      removeEventListener: jest.fn(),
    }));
    function Probe() {
      return <span>{useIsMobile() ? 'mobile' : 'desktop'}</span>;
    }
    render(<Probe />);
    expect(screen.getByText('desktop')).toBeInTheDocument();
    matches = true;
    act(() => listeners.forEach((l) => l()));
    expect(screen.getByText('mobile')).toBeInTheDocument();
  });
});

describe('Notifications', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    useNotificationsStore.setState({ items: [] });
  });
  afterEach(() => jest.useRealTimers());

  it('draws nothing until the first notification (react-toastify loads then), and shows that one', async () => {
    const { container } = render(<Notifications />);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(50);
    });
    expect(container).toBeEmptyDOMElement();
    act(() => {
      useNotificationsStore.getState().push({ type: 'info', message: 'Pushed before the toaster was there.' });
    });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(50);
    });
    expect(screen.getByText('Pushed before the toaster was there.')).toBeInTheDocument();
  });

  it('shows a success toast at the bottom (above a page bar) without close button or progress bar, gone after 2,500 ms', async () => {
    const { container } = render(<Notifications />);
    act(() => {
      useNotificationsStore.getState().push({ type: 'success', message: 'The changes are saved.' });
    });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(50);
    });
    expect(screen.getByText('The changes are saved.')).toBeInTheDocument();
    // Never over the header or a page title: at the bottom (centred on a phone, right on a desktop).
    expect(container.querySelector('.Toastify__toast-container--bottom-right, .Toastify__toast-container--bottom-center')).toBeInTheDocument();
    expect(container.querySelector('[class*="Toastify__toast-container--top"]')).toBeNull();
    expect(container.querySelector('.Toastify__close-button')).toBeNull();
    // react-toastify times out through the (hidden) progress bar's animation: 2,500 ms, hidden.
    expect(container.querySelector('.Toastify__progress-bar--wrp')).toHaveAttribute('data-hidden', 'true');
    expect(container.querySelector<HTMLElement>('.Toastify__progress-bar')!.style.animationDuration).toBe('2500ms');
  });

  it('gives errors a red header', async () => {
    render(<Notifications />);
    act(() => {
      useNotificationsStore.getState().push({ type: 'error', message: 'Try again later.' });
    });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(50);
    });
    const header = screen.getByText('Error');
    expect(header).toHaveClass('ui-toast__header--error');
  });

  it('shows a page popin with id tab-popin that does not time out, with actions', async () => {
    const onNavigate = jest.fn();
    render(<Notifications onNavigate={onNavigate} />);
    act(() => {
      useNotificationsStore.getState().push({
        type: 'page',
        message: 'Offer the basket?',
        actions: [{ label: 'Offer', to: '/offer' }],
      });
    });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10_000);
    });
    expect(screen.getByText('Offer the basket?')).toBeInTheDocument();
    expect(document.getElementById('tab-popin')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Offer' }));
    expect(onNavigate).toHaveBeenCalledWith('/offer');
  });

  it('shows a page popin pushed while the previous one is still leaving, once it is gone', async () => {
    render(<Notifications />);
    const push = (message: string) =>
      act(() => {
        useNotificationsStore.getState().push({ type: 'page', message, actions: [{ label: 'Add more' }] });
      });
    push('Lamp is in your basket.');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(50);
    });
    const first = document.getElementById('tab-popin')!;
    fireEvent.click(screen.getByRole('button', { name: 'Add more' }));
    // At once, the next add: react-toastify still holds the leaving popin's id.
    push('Teapot is in your basket.');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(200);
    });
    expect(screen.queryByText('Teapot is in your basket.')).toBeNull();
    // The exit animation ends, the popin collapses and goes: the new one shows.
    fireEvent.animationEnd(first);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    expect(screen.getByText('Teapot is in your basket.')).toBeInTheDocument();
    expect(document.getElementById('tab-popin')).toHaveTextContent('Teapot is in your basket.');
  });
});

describe('ConfirmDialog', () => {
  function Harness({ busy = false, onConfirm = jest.fn() }: { busy?: boolean; onConfirm?: () => void }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
        <ConfirmDialog
          open={open}
          title="Delete it?"
          confirmLabel="Delete"
          cancelLabel="Keep"
          onConfirm={onConfirm}
          onCancel={() => setOpen(false)}
          busy={busy}
        >
          <p>This cannot be undone.</p>
        </ConfirmDialog>
      </>
    );
  }

  it('is a labelled modal that focuses Cancel, traps Tab and returns focus on Escape', () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Delete it?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    const keep = screen.getByRole('button', { name: 'Keep' });
    const del = screen.getByRole('button', { name: 'Delete' });
    expect(keep).toHaveFocus();
    del.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(keep).toHaveFocus();
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(del).toHaveFocus();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('confirms, and cannot be dismissed while busy', () => {
    const onConfirm = jest.fn();
    const { rerender } = render(<Harness onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalled();
    rerender(<Harness onConfirm={onConfirm} busy />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
  });
});

describe('useHoverDisclosure', () => {
  function Menu({ onOpen }: { onOpen?: () => void }) {
    const { open, id, rootProps, buttonProps } = useHoverDisclosure({ onOpen });
    return (
      <div {...rootProps} data-testid="root">
        <button {...buttonProps}>Favorites</button>
        <ul id={id} hidden={!open}>
          <li>
            <a href="/x">Wedding</a>
          </li>
        </ul>
      </div>
    );
  }
  const button = () => screen.getByRole('button', { name: 'Favorites' });

  it('opens on click and closes on the next click', () => {
    const onOpen = jest.fn();
    render(<Menu onOpen={onOpen} />);
    fireEvent.click(button());
    expect(button()).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(button());
    expect(button()).toHaveAttribute('aria-expanded', 'false');
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('keeps the panel a hover opened when the button is then clicked (pointer first, then click), even before a re-render', () => {
    const onOpen = jest.fn();
    render(<Menu onOpen={onOpen} />);
    const root = screen.getByTestId('root');
    // Both events in one batch: the click's handler runs before React re-renders for the hover.
    act(() => {
      fireEvent.mouseEnter(root);
      fireEvent.click(button());
    });
    expect(button()).toHaveAttribute('aria-expanded', 'true');
    expect(onOpen).toHaveBeenCalledTimes(1);
    fireEvent.click(button()); // now a toggle
    expect(button()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when the pointer leaves, after a short delay', () => {
    jest.useFakeTimers();
    try {
      render(<Menu />);
      const root = screen.getByTestId('root');
      fireEvent.mouseEnter(root);
      expect(button()).toHaveAttribute('aria-expanded', 'true');
      fireEvent.mouseLeave(root);
      expect(button()).toHaveAttribute('aria-expanded', 'true');
      act(() => {
        jest.advanceTimersByTime(HOVER_CLOSE_DELAY_MS + 1);
      });
      expect(button()).toHaveAttribute('aria-expanded', 'false');
    } finally {
      jest.useRealTimers();
    }
  });

  it('closes on Escape and gives the focus back to the button', () => {
    render(<Menu />);
    fireEvent.click(button());
    const link = screen.getByRole('link', { name: 'Wedding' });
    link.focus();
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(button()).toHaveAttribute('aria-expanded', 'false');
    expect(button()).toHaveFocus();
  });
});
