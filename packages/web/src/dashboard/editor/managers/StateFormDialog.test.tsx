import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { WithConsoleMessages } from '../../../test/i18n-console';
import { managerSelectors } from './manager-selectors';
import { StateFormDialog } from './StateFormDialog';

describe('StateFormDialog', () => {
  it('derives the id from the name, refuses a taken one, and saves', async () => {
    const onSave = vi.fn();
    render(
      <WithConsoleMessages>
        <StateFormDialog
          state={null}
          takenIds={new Set(['details'])}
          onSave={onSave}
          onClose={() => undefined}
        />
      </WithConsoleMessages>,
    );
    await userEvent.type(screen.getByTestId(managerSelectors.stateName), 'Details');
    await waitFor(() => expect(screen.getByTestId(managerSelectors.stateId)).toHaveValue('details'));
    expect(await screen.findByText('A state with this id already exists.')).toBeInTheDocument();
    expect(screen.getByTestId(managerSelectors.stateSubmit)).toBeDisabled();

    // A typed id no longer follows the name.
    const id = screen.getByTestId(managerSelectors.stateId);
    await userEvent.clear(id);
    await userEvent.type(id, 'more');
    await userEvent.type(screen.getByTestId(managerSelectors.stateName), ' 2');
    expect(id).toHaveValue('more');
    await waitFor(() => expect(screen.getByTestId(managerSelectors.stateSubmit)).toBeEnabled());
    await userEvent.click(screen.getByTestId(managerSelectors.stateSubmit));
    expect(onSave).toHaveBeenCalledWith({ id: 'more', name: 'Details 2', root: false });
  });

  it('keeps a root state root', () => {
    render(
      <WithConsoleMessages>
        <StateFormDialog
          state={{ id: 'default', name: 'Main', root: true }}
          takenIds={new Set()}
          onSave={() => undefined}
          onClose={() => undefined}
        />
      </WithConsoleMessages>,
    );
    expect(screen.getByTestId(managerSelectors.stateRoot)).toBeDisabled();
    expect(screen.getByTestId(managerSelectors.stateRoot)).toBeChecked();
  });
});
