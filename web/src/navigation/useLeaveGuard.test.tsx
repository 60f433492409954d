import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { initI18n } from '../i18n/i18n';
import { LeaveGuard } from './LeaveDialog';

function Editor() {
  const [dirty, setDirty] = useState(false);
  return (
    <>
      <h1>Editor</h1>
      <button type="button" onClick={() => setDirty(true)}>
        Type something
      </button>
      <button type="button" onClick={() => setDirty(false)}>
        Save
      </button>
      <Link to="/other">Other</Link>
      <Link to="/?page=2">Page 2</Link>
      <LeaveGuard when={dirty} />
    </>
  );
}

function renderEditor() {
  const router = createMemoryRouter([
    { path: '/', element: <Editor /> },
    { path: '/other', element: <h1>Other page</h1> },
  ]);
  render(<RouterProvider router={router} />);
  return router;
}

function fireBeforeUnload(): Event {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event;
}

beforeAll(() => initI18n('en'));

describe('useLeaveGuard + LeaveDialog', () => {
  it('lets navigation through when nothing is unsaved', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(screen.getByRole('link', { name: 'Other' }));
    expect(screen.getByRole('heading', { name: 'Other page' })).toBeInTheDocument();
    expect(fireBeforeUnload().defaultPrevented).toBe(false);
  });

  it('asks "Leave this page?" when dirty; Stay keeps the page', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(screen.getByRole('button', { name: 'Type something' }));
    await user.click(screen.getByRole('link', { name: 'Other' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Leave this page?' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stay' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Stay' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Editor' })).toBeInTheDocument();
  });

  it('Leave continues to where the person was going', async () => {
    const user = userEvent.setup();
    const router = renderEditor();
    await user.click(screen.getByRole('button', { name: 'Type something' }));
    await user.click(screen.getByRole('link', { name: 'Other' }));
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Other page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/other');
  });

  it('Escape means Stay', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(screen.getByRole('button', { name: 'Type something' }));
    await user.click(screen.getByRole('link', { name: 'Other' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Editor' })).toBeInTheDocument();
  });

  it('does not hold back a change of only the query on the same page', async () => {
    const user = userEvent.setup();
    const router = renderEditor();
    await user.click(screen.getByRole('button', { name: 'Type something' }));
    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
  });

  it('asks the browser to confirm closing the tab only while dirty', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(screen.getByRole('button', { name: 'Type something' }));
    expect(fireBeforeUnload().defaultPrevented).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(fireBeforeUnload().defaultPrevented).toBe(false);
  });
});
