import { SWITCH_VALUE_SOURCE } from '../../dashboard/runtime/rpc-target';
import type { WidgetProps } from '../widget-definition';
import { booleanOfKeyValue, booleanOfReply, booleanSetting } from './rpc-command';
import { useControlState } from './useControlState';

/**
 * The on/off state of the reference's switches (switch control, round switch, slide toggle):
 * `initialValue` (default off) until the device says otherwise; a change is sent as the boolean
 * itself. `parseValueFunction` and `convertValueFunction` are tenant JavaScript and are not run on
 * the page: the reference's defaults apply (truthy is on; the value is sent as it is).
 */
export function useSwitchControl(props: WidgetProps) {
  const initial = booleanSetting(props.config.settings, 'initialValue', false);
  return useControlState(props, SWITCH_VALUE_SOURCE, initial, booleanOfReply, booleanOfKeyValue, (on) => on);
}
