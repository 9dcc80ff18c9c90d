import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AddButton } from './AddButton';

describe('AddButton', () => {
  it('runs its one action on a click', async () => {
    const onClick = vi.fn();
    render(<AddButton label="Add" ariaLabel="Add customer" onClick={onClick} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add customer' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('opens a menu when there are several ways to add, and runs the chosen one', async () => {
    const create = vi.fn();
    const importOne = vi.fn();
    render(
      <AddButton
        label="Add"
        choices={[
          { id: 'create', label: 'Create new', onSelect: create },
          { id: 'import', label: 'Import', onSelect: importOne },
        ]}
      />,
    );
    const button = screen.getByRole('button', { name: 'Add' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Import' }));
    expect(importOne).toHaveBeenCalledTimes(1);
    expect(create).not.toHaveBeenCalled();
  });
});
