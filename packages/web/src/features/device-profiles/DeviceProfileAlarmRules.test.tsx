import type { DeviceProfile, DeviceProfileAlarm } from '@meridian/common';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { selectors } from '../../selectors';
import { createEntityBackend } from '../../test/fake-entities';
import { renderApp } from '../../test/render-app';

// Whole-console page tests: generous time when the machine is busy.
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 5000 });

const TENANT = 'tenant@meridian.test';
const S = selectors.alarmRules;

async function openProfiles(backend = createEntityBackend()) {
  const app = renderApp({ path: '/deviceProfiles', signedInAs: TENANT, backend });
  await screen.findAllByTestId(selectors.entityTable.row, {}, { timeout: 5000 });
  return app;
}

/** Picks `option` of the select whose opener has the test id. */
async function choose(user: UserEvent, root: HTMLElement, testId: string, option: string) {
  await user.click(within(root).getByTestId(testId));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** In the open condition dialog: one telemetry filter `key` compared with `operation` to `value`. */
async function fillNumericFilter(user: UserEvent, key: string, operation: string, value: string) {
  const dialog = await screen.findByTestId(S.conditionDialog);
  await user.click(within(dialog).getByTestId(S.addFilter));
  await user.type(within(dialog).getByTestId(S.filterKey(0)), key);
  await choose(user, dialog, S.predicateOperation('0'), operation);
  await user.type(within(dialog).getByTestId(S.predicateValue('0')), value);
  return dialog;
}

// biome-ignore lint/suspicious/noTemplateCurlyInString: alarm details template syntax, not a JS template
const DETAILS = 'Current temperature = ${temperature}';

/** The reference console's demo alarm: temperature above a device attribute (25 by default). */
const storedAlarm = (): DeviceProfileAlarm => ({
  id: 'highTemperatureAlarmID',
  alarmType: 'High Temperature Alarm',
  createRules: {
    MAJOR: {
      condition: {
        condition: [
          {
            key: { type: 'TIME_SERIES', key: 'temperature' },
            valueType: 'NUMERIC',
            value: null,
            predicate: {
              type: 'NUMERIC',
              operation: 'GREATER',
              value: {
                defaultValue: 25,
                userValue: null,
                dynamicValue: {
                  sourceType: 'CURRENT_DEVICE',
                  sourceAttribute: 'temperatureAlarmThreshold',
                  inherit: false,
                },
              },
            },
          },
        ],
        spec: { type: 'SIMPLE' },
      },
      schedule: null,
      alarmDetails: DETAILS,
      dashboardId: null,
    },
  },
  clearRule: null,
  propagate: false,
  propagateRelationTypes: null,
});

describe('device profile alarm rules', () => {
  it('adds "temperature > 30 → Critical" in the wizard and saves it as the reference JSON', async () => {
    const { user, backend } = await openProfiles();
    await user.click(screen.getByTestId(selectors.entityTable.add));
    await user.click(await screen.findByTestId(selectors.entityTable.addMenuItem('create')));
    const wizard = await screen.findByTestId(selectors.deviceProfiles.wizard);
    await user.type(within(wizard).getByTestId(selectors.deviceProfiles.name), 'Thermometers');
    await user.click(within(wizard).getByTestId(selectors.deviceProfiles.wizardNext));
    await user.click(within(wizard).getByTestId(selectors.deviceProfiles.wizardNext));
    expect(within(wizard).getByTestId(S.noAlarms)).toHaveTextContent('No alarm rules configured');

    await user.click(within(wizard).getByTestId(S.addAlarm));
    await user.type(within(wizard).getByTestId(S.alarmType(0)), 'High temperature');
    const rule = S.rulePath(0, 0);
    expect(within(wizard).getByTestId(S.severity(0, 0))).toHaveTextContent('Critical');
    expect(within(wizard).getByTestId(S.scheduleText(rule))).toHaveTextContent('Active all the time');
    await user.click(within(wizard).getByTestId(S.editCondition(rule)));
    const dialog = await fillNumericFilter(user, 'temperature', 'greater than', '30');
    await user.click(within(dialog).getByTestId(S.conditionSave));
    await waitFor(() => expect(screen.queryByTestId(S.conditionDialog)).not.toBeInTheDocument());
    expect(within(wizard).getByTestId(S.conditionText(rule))).toHaveTextContent('temperature > 30');
    expect(within(wizard).getByTestId(S.specText(rule))).toHaveTextContent('Simple');
    // Cleared again once the temperature is back at 25 or below.
    await user.click(within(wizard).getByTestId(S.addClearRule(0)));
    await user.click(within(wizard).getByTestId(S.editCondition(S.rulePath(0, 'clear'))));
    const clear = await fillNumericFilter(user, 'temperature', 'less than or equal to', '25');
    await user.click(within(clear).getByTestId(S.conditionSave));
    await waitFor(() => expect(screen.queryByTestId(S.conditionDialog)).not.toBeInTheDocument());
    expect(within(wizard).getByTestId(S.conditionText(S.rulePath(0, 'clear')))).toHaveTextContent(
      'temperature ≤ 25',
    );

    await user.click(within(wizard).getByTestId(selectors.deviceProfiles.wizardAdd));
    await waitFor(() => expect(backend.callsTo('POST', '/api/deviceProfile')).toHaveLength(1));
    const sent = backend.callsTo('POST', '/api/deviceProfile')[0]?.body as DeviceProfile;
    const alarms = sent.profileData.alarms ?? [];
    expect(alarms).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        alarmType: 'High temperature',
        createRules: {
          CRITICAL: {
            condition: {
              condition: [
                {
                  key: { type: 'TIME_SERIES', key: 'temperature' },
                  valueType: 'NUMERIC',
                  predicate: {
                    type: 'NUMERIC',
                    operation: 'GREATER',
                    value: { defaultValue: 30, dynamicValue: null },
                  },
                },
              ],
              spec: { type: 'SIMPLE' },
            },
            schedule: { type: 'ANY_TIME' },
            alarmDetails: null,
            dashboardId: null,
          },
        },
        clearRule: {
          condition: {
            condition: [
              {
                key: { type: 'TIME_SERIES', key: 'temperature' },
                valueType: 'NUMERIC',
                predicate: {
                  type: 'NUMERIC',
                  operation: 'LESS_OR_EQUAL',
                  value: { defaultValue: 25, dynamicValue: null },
                },
              },
            ],
            spec: { type: 'SIMPLE' },
          },
          schedule: { type: 'ANY_TIME' },
          alarmDetails: null,
          dashboardId: null,
        },
        propagate: false,
        propagateToOwner: false,
        propagateToTenant: false,
        propagateRelationTypes: [],
      },
    ]);
  });

  it('keeps the wizard on the alarm rules step until the rule is valid', async () => {
    const { user, backend } = await openProfiles();
    await user.click(screen.getByTestId(selectors.entityTable.add));
    await user.click(await screen.findByTestId(selectors.entityTable.addMenuItem('create')));
    const wizard = await screen.findByTestId(selectors.deviceProfiles.wizard);
    await user.type(within(wizard).getByTestId(selectors.deviceProfiles.name), 'Leak sensors');
    await user.click(within(wizard).getByTestId(selectors.deviceProfiles.wizardNext));
    await user.click(within(wizard).getByTestId(selectors.deviceProfiles.wizardNext));
    await user.click(within(wizard).getByTestId(S.addAlarm));
    // Next validates the step: no type, no condition.
    await user.click(within(wizard).getByTestId(selectors.deviceProfiles.wizardNext));
    expect(await within(wizard).findByText('Alarm type is required.')).toBeInTheDocument();
    expect(within(wizard).getByTestId(S.conditionText(S.rulePath(0, 0)))).toHaveTextContent(
      'No key filters yet: edit the condition to add one.',
    );
    await user.type(within(wizard).getByTestId(S.alarmType(0)), 'Leak');
    await user.click(within(wizard).getByTestId(selectors.deviceProfiles.wizardAdd));
    await waitFor(() => expect(within(wizard).getByTestId(S.addAlarm)).toBeVisible());
    expect(backend.callsTo('POST', '/api/deviceProfile')).toHaveLength(0);

    // The condition dialog refuses a condition without filters, and a filter without a number.
    await user.click(within(wizard).getByTestId(S.editCondition(S.rulePath(0, 0))));
    const dialog = await screen.findByTestId(S.conditionDialog);
    await user.click(within(dialog).getByTestId(S.conditionSave));
    expect(await within(dialog).findByTestId(S.filtersError)).toHaveTextContent(
      'Add at least one key filter.',
    );
    await user.click(within(dialog).getByTestId(S.addFilter));
    await user.type(within(dialog).getByTestId(S.filterKey(0)), 'water');
    await user.click(within(dialog).getByTestId(S.conditionSave));
    expect(await within(dialog).findByText('Enter a number.')).toBeInTheDocument();
    await user.type(within(dialog).getByTestId(S.predicateValue('0')), '1');
    await user.click(within(dialog).getByTestId(S.conditionSave));
    await waitFor(() => expect(screen.queryByTestId(S.conditionDialog)).not.toBeInTheDocument());
    await user.click(within(wizard).getByTestId(selectors.deviceProfiles.wizardAdd));
    await waitFor(() => expect(backend.callsTo('POST', '/api/deviceProfile')).toHaveLength(1));
    const sent = backend.callsTo('POST', '/api/deviceProfile')[0]?.body as DeviceProfile;
    expect(sent.profileData.alarms?.[0]?.createRules.CRITICAL?.condition.condition).toEqual([
      {
        key: { type: 'TIME_SERIES', key: 'water' },
        valueType: 'NUMERIC',
        predicate: { type: 'NUMERIC', operation: 'EQUAL', value: { defaultValue: 1, dynamicValue: null } },
      },
    ]);
  });

  it('shows stored rules read-only with their count, then edits them in the details', async () => {
    const backend = createEntityBackend();
    const mqtt = backend.store.profiles.find((p) => p.id.id === 'profile-mqtt') as DeviceProfile;
    mqtt.profileData.alarms = [storedAlarm()];
    const { user } = await openProfiles(backend);
    await user.click(screen.getByRole('cell', { name: 'MQTT sensors' }));
    const drawer = await screen.findByTestId(selectors.entityTable.details);
    const tab = within(drawer).getByTestId(selectors.entityTable.detailsTab('alarms'));
    expect(tab).toHaveTextContent('Alarm rules (1)');
    await user.click(tab);
    const major = S.rulePath(0, 0);
    expect(within(drawer).getByTestId(S.conditionText(major))).toHaveTextContent(
      'temperature > device attribute “temperatureAlarmThreshold”',
    );
    expect(within(drawer).getByTestId(S.alarmType(0))).toBeDisabled();
    expect(within(drawer).queryByTestId(S.editCondition(major))).not.toBeInTheDocument();
    expect(within(drawer).queryByTestId(S.addAlarm)).not.toBeInTheDocument();

    // Editing starts on the tab the user is on.
    await user.click(within(drawer).getByTestId(selectors.entityTable.editToggle));
    expect(within(drawer).getByTestId(S.addAlarm)).toBeInTheDocument();
    // A second create condition: Critical after 5 minutes above 40, on weekdays 09:00–18:00 in Berlin.
    await user.click(within(drawer).getByTestId(S.addCreateRule(0)));
    await choose(user, drawer, S.severity(0, 1), 'Critical');
    const critical = S.rulePath(0, 1);
    await user.click(within(drawer).getByTestId(S.editCondition(critical)));
    const dialog = await fillNumericFilter(user, 'temperature', 'greater than', '40');
    await choose(user, dialog, S.specType, 'Duration');
    await choose(user, dialog, S.specUnit, 'Minutes');
    await user.type(within(dialog).getByTestId(S.predicateValue('spec')), '5');
    await user.click(within(dialog).getByTestId(S.conditionSave));
    await waitFor(() => expect(screen.queryByTestId(S.conditionDialog)).not.toBeInTheDocument());
    expect(within(drawer).getByTestId(S.specText(critical))).toHaveTextContent('for 5 minutes');
    await user.click(within(drawer).getByTestId(S.editSchedule(critical)));
    const schedule = await screen.findByTestId(S.scheduleDialog);
    await choose(user, schedule, S.scheduleType, 'Active at a specific time');
    const zone = within(schedule).getByTestId(S.scheduleTimezone);
    await user.clear(zone);
    await user.type(zone, 'Europe/Berlin');
    await user.click(within(schedule).getByTestId(S.scheduleDay(5)));
    await user.click(within(schedule).getByTestId(S.scheduleDay(6)));
    await user.clear(within(schedule).getByTestId(S.scheduleStartsOn));
    await user.type(within(schedule).getByTestId(S.scheduleStartsOn), '09:00');
    await user.clear(within(schedule).getByTestId(S.scheduleEndsOn));
    await user.type(within(schedule).getByTestId(S.scheduleEndsOn), '18:00');
    await user.click(within(schedule).getByTestId(S.scheduleSave));
    await waitFor(() => expect(screen.queryByTestId(S.scheduleDialog)).not.toBeInTheDocument());
    expect(within(drawer).getByTestId(S.scheduleText(critical))).toHaveTextContent(
      'Active at a specific time: Mon, Tue, Wed, Thu, Fri, 09:00–18:00 (Europe/Berlin)',
    );
    // A second alarm shows in the tab's count; removing it again leaves one.
    await user.click(within(drawer).getByTestId(S.addAlarm));
    expect(within(drawer).getByTestId(selectors.entityTable.detailsTab('alarms'))).toHaveTextContent(
      'Alarm rules (2)',
    );
    await user.click(within(within(drawer).getByTestId(S.removeAlarm(1))).getByRole('button'));
    expect(within(drawer).getByTestId(selectors.entityTable.detailsTab('alarms'))).toHaveTextContent(
      'Alarm rules (1)',
    );
    await user.click(
      within(within(drawer).getByTestId(S.alarm(0))).getByRole('button', { name: 'Advanced settings' }),
    );
    await user.click(within(drawer).getByTestId(S.propagate(0)));
    await user.type(within(drawer).getByTestId(S.relationTypes(0)), 'Contains{Enter}');

    await user.click(within(drawer).getByTestId(selectors.entityTable.apply));
    await waitFor(() => expect(backend.callsTo('POST', '/api/deviceProfile')).toHaveLength(1));
    const sent = backend.callsTo('POST', '/api/deviceProfile')[0]?.body as DeviceProfile;
    const stored = storedAlarm();
    expect(sent.profileData.alarms).toEqual([
      {
        id: 'highTemperatureAlarmID',
        alarmType: 'High Temperature Alarm',
        createRules: {
          // Rewritten in the console's shape: a schedule always, no userValue.
          MAJOR: {
            condition: stored.createRules.MAJOR?.condition,
            schedule: { type: 'ANY_TIME' },
            alarmDetails: DETAILS,
            dashboardId: null,
          },
          CRITICAL: {
            condition: {
              condition: [
                {
                  key: { type: 'TIME_SERIES', key: 'temperature' },
                  valueType: 'NUMERIC',
                  predicate: {
                    type: 'NUMERIC',
                    operation: 'GREATER',
                    value: { defaultValue: 40, dynamicValue: null },
                  },
                },
              ],
              spec: { type: 'DURATION', unit: 'MINUTES', predicate: { defaultValue: 5, dynamicValue: null } },
            },
            schedule: {
              type: 'SPECIFIC_TIME',
              timezone: 'Europe/Berlin',
              daysOfWeek: [1, 2, 3, 4, 5],
              startsOn: 9 * 3_600_000,
              endsOn: 18 * 3_600_000,
            },
            alarmDetails: null,
            dashboardId: null,
          },
        },
        clearRule: null,
        propagate: true,
        propagateToOwner: false,
        propagateToTenant: false,
        propagateRelationTypes: ['Contains'],
      },
    ]);
  });
});
