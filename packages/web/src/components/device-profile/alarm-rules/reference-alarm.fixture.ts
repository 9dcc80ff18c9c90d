import type { DeviceProfileAlarm } from '@meridian/common';

/**
 * Test data: an alarm as the reference console stores it (the high temperature alarm of its demo
 * thermostat profile), with the fields in the reference's order and the members it writes as null.
 */
export const referenceAlarm = (): DeviceProfileAlarm =>
  JSON.parse(`{
    "id": "highTemperatureAlarmID",
    "alarmType": "High Temperature Alarm",
    "createRules": {
      "MAJOR": {
        "condition": {
          "condition": [{
            "key": {"type": "TIME_SERIES", "key": "temperature"},
            "valueType": "NUMERIC",
            "value": null,
            "predicate": {
              "type": "NUMERIC", "operation": "GREATER",
              "value": {"defaultValue": 25, "userValue": null,
                "dynamicValue": {"sourceType": "CURRENT_DEVICE", "sourceAttribute": "temperatureAlarmThreshold", "inherit": false}}
            }
          }],
          "spec": {"type": "SIMPLE"}
        },
        "schedule": null,
        "alarmDetails": "Current temperature = \${temperature}",
        "dashboardId": null
      },
      "CRITICAL": {
        "condition": {
          "condition": [{
            "key": {"type": "TIME_SERIES", "key": "temperature"},
            "valueType": "NUMERIC",
            "value": null,
            "predicate": {"type": "NUMERIC", "operation": "GREATER", "value": {"defaultValue": 40, "userValue": null, "dynamicValue": null}}
          }],
          "spec": {"type": "DURATION", "unit": "MINUTES", "predicate": {"defaultValue": 5, "userValue": null, "dynamicValue": null}}
        },
        "schedule": {"type": "SPECIFIC_TIME", "timezone": "Europe/Berlin", "daysOfWeek": [1, 2, 3, 4, 5], "startsOn": 32400000, "endsOn": 64800000},
        "alarmDetails": null,
        "dashboardId": {"entityType": "DASHBOARD", "id": "9a4c7c00-1dd2-11b2-8080-808080808080"}
      }
    },
    "clearRule": {
      "condition": {
        "condition": [{
          "key": {"type": "TIME_SERIES", "key": "temperature"},
          "valueType": "NUMERIC",
          "value": null,
          "predicate": {"type": "NUMERIC", "operation": "LESS_OR_EQUAL", "value": {"defaultValue": 25, "userValue": null, "dynamicValue": null}}
        }],
        "spec": {"type": "SIMPLE"}
      },
      "schedule": null,
      "alarmDetails": "Current temperature = \${temperature}",
      "dashboardId": null
    },
    "propagate": false,
    "propagateToOwner": false,
    "propagateToTenant": false,
    "propagateRelationTypes": null
  }`);
