import type { JsonObject } from '@meridian/common';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithServices } from '../../../test/render-widget';
import { ActionsTab } from './ActionsTab';
import { actionSourcesOf } from './widget-actions-edit';
import { widgetConfigSelectors as S } from './widget-config-selectors';

const open = { id: 'a1', name: 'Open', icon: 'more_horiz', type: 'updateDashboardState' };

describe('Actions tab of a custom widget', () => {
  it('lists and offers the sources the type names, with their names', async () => {
    const onChange = vi.fn();
    const { user } = renderWithServices(
      <ActionsTab
        config={{ actions: { elementClick: [open] } } as unknown as JsonObject}
        onChange={onChange}
        sources={actionSourcesOf(undefined, [{ id: 'elementClick', name: 'On HTML element click' }])}
        configuration={{}}
      />,
    );
    // Its saved action is grouped under the source's own name and can be edited.
    const row = screen.getByTestId(S.actionRow('elementClick', 'Open'));
    expect(screen.getByText('On HTML element click')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Edit action' })).toBeTruthy();

    // A new action may go to it.
    await user.click(screen.getByTestId(S.actionAdd));
    await user.click(screen.getByTestId(S.actionField('source')));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Header button', 'On HTML element click']);
    await user.click(screen.getByRole('option', { name: 'On HTML element click' }));
    await user.type(screen.getByTestId(S.actionField('name')), 'Details');
    await user.click(screen.getByTestId(S.actionField('type')));
    await user.click(screen.getByRole('option', { name: 'Update current dashboard state' }));
    await user.click(screen.getByTestId(S.actionSave));
    const saved = onChange.mock.lastCall?.[0] as { actions: Record<string, { name: string }[]> };
    expect(saved.actions.elementClick?.map((action) => action.name)).toEqual(['Open', 'Details']);
  });

  it('lists actions of sources the type does not name as such, not editable', () => {
    renderWithServices(
      <ActionsTab
        config={{ actions: { elementClick: [open] } } as unknown as JsonObject}
        onChange={vi.fn()}
        sources={actionSourcesOf(undefined, [])}
        configuration={{}}
      />,
    );
    const row = screen.getByTestId(S.actionRow('elementClick', 'Open'));
    expect(screen.getByText('Source elementClick')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Edit action' })).toBeNull();
  });
});
