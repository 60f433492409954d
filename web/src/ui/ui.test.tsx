import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { initI18n } from '../i18n/i18n';
import {
  Button,
  ChoiceGroup,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  Field,
  Modal,
  PageHeader,
  ProgressBar,
  Spinner,
  TextArea,
  TextInput,
} from './index';

beforeAll(() => initI18n('en'));

describe('Field', () => {
  it('labels its control and wires the hint and error to it', () => {
    render(
      <Field label="Prompt" hint="Describe the scene" error="Too short" required>
        <TextInput />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: /Prompt/ });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).toHaveAccessibleDescription('Describe the scene Too short');
  });

  it('is valid and has only the hint without an error', () => {
    render(
      <Field label="Name" hint="As on your invoice">
        <TextInput />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('As on your invoice');
  });
});

describe('TextArea', () => {
  it('counts characters against maxLength and keeps the field description', async () => {
    const user = userEvent.setup();
    render(
      <Field label="Prompt" hint="Be specific">
        <TextArea maxLength={20} showCount />
      </Field>,
    );
    const box = screen.getByRole('textbox', { name: 'Prompt' });
    await user.type(box, 'A red fox');
    expect(screen.getByText('9 / 20')).toBeInTheDocument();
    expect(box).toHaveAccessibleDescription('Be specific 9 of 20 characters used');
  });
});

describe('Button', () => {
  it('shows a spinner and ignores clicks while loading', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    render(
      <Button variant="primary" loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('ChoiceGroup', () => {
  function Quality() {
    const [value, setValue] = useState<'Standard' | 'Pro' | 'Ultra'>('Standard');
    return (
      <ChoiceGroup
        legend="Quality"
        value={value}
        onChange={setValue}
        options={[
          { value: 'Standard', label: 'Standard' },
          { value: 'Pro', label: 'Pro' },
          { value: 'Ultra', label: 'Ultra', disabled: true, hint: 'Available on Enterprise' },
        ]}
      />
    );
  }

  it('is a labelled radio group; arrows move the choice; disabled options say why', async () => {
    const user = userEvent.setup();
    render(<Quality />);
    expect(screen.getByRole('group', { name: 'Quality' })).toBeInTheDocument();
    const standard = screen.getByRole('radio', { name: 'Standard' });
    expect(standard).toBeChecked();
    await user.click(standard);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Pro' })).toBeChecked();
    const ultra = screen.getByRole('radio', { name: 'Ultra' });
    expect(ultra).toBeDisabled();
    expect(ultra).toHaveAccessibleDescription('Ultra: Available on Enterprise');
  });
});

describe('Modal', () => {
  function Player() {
    const [open, setOpen] = useState(true);
    return (
      <Modal open={open} onOpenChange={setOpen} title="Video">
        <p>Playing</p>
      </Modal>
    );
  }

  it('is a titled dialog that closes on Escape', async () => {
    const user = userEvent.setup();
    render(<Player />);
    expect(screen.getByRole('dialog', { name: 'Video' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with its labelled close button', async () => {
    const user = userEvent.setup();
    render(<Player />);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('ConfirmDialog', () => {
  function DeleteUser({ onConfirm }: { onConfirm: () => Promise<void> | void }) {
    const [open, setOpen] = useState(true);
    return (
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title='Delete user "ada@example.com"?'
        description="Their videos are purged."
        confirmLabel="Delete user"
        variant="danger"
        onConfirm={onConfirm}
      />
    );
  }

  it('names the target, starts on Cancel, and closes after an async confirm', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn(() => Promise.resolve());
    render(<DeleteUser onConfirm={onConfirm} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete user "ada@example.com"?' });
    expect(dialog).toHaveAccessibleDescription('Their videos are purged.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Delete user' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('stays open when the confirm action fails', async () => {
    const user = userEvent.setup();
    render(<DeleteUser onConfirm={() => Promise.reject(new Error('no'))} />);
    await user.click(screen.getByRole('button', { name: 'Delete user' }));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('Cancel closes without confirming', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    render(<DeleteUser onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('status primitives', () => {
  it('ProgressBar exposes its value', () => {
    render(<ProgressBar value={42.4} label="Generating video" />);
    const bar = screen.getByRole('progressbar', { name: 'Generating video' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
  });

  it('an indeterminate ProgressBar has no value', () => {
    render(<ProgressBar value={null} />);
    expect(screen.getByRole('progressbar', { name: 'Progress' })).not.toHaveAttribute('aria-valuenow');
  });

  it('Spinner is a status with an accessible label', () => {
    render(<Spinner label="Loading videos" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading videos');
  });

  it('ErrorState shows the message, the correlation id and a Retry button', async () => {
    const user = userEvent.setup();
    const onRetry = jest.fn();
    render(<ErrorState message="Failed to load videos" correlationId="corr-123" onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Failed to load videos');
    expect(alert).toHaveTextContent('Correlation ID: corr-123');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('EmptyState and PageHeader render their text', () => {
    render(
      <>
        <PageHeader title="My Videos" subtitle="Everything you generated" />
        <EmptyState title="No videos yet." />
      </>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'My Videos' })).toBeInTheDocument();
    expect(screen.getByText('No videos yet.')).toBeInTheDocument();
  });
});
