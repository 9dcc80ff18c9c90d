import { handleAlarmDataCmd } from './alarm-data.js';
import type { WsDeps } from './deps.js';
import { handleEntityCountCmd } from './entity-count.js';
import { handleEntityDataCmd } from './entity-data.js';
import { CommandParseError, parseWrapper } from './parse.js';
import type { WsSession } from './session.js';
import { PARSE_ERROR_REPLY } from './updates.js';
import { handleAttributesCmd } from './v1-attributes.js';
import { handleHistoryCmd, handleTimeseriesCmd } from './v1-timeseries.js';

/**
 * Runs the commands of one frame in the reference's processing order (reference §3.2): the three
 * v1 lists, entity data, alarm data, entity count, then the three unsubscribe lists.
 */
export async function runFrame(session: WsSession, deps: WsDeps, text: string): Promise<void> {
  let wrapper: ReturnType<typeof parseWrapper>;
  try {
    wrapper = parseWrapper(text);
  } catch (error) {
    if (!(error instanceof CommandParseError)) throw error;
    session.log.debug({ reason: error.message }, 'unparseable websocket command');
    session.send(PARSE_ERROR_REPLY);
    return;
  }
  for (const cmd of wrapper.attrSubCmds) await handleAttributesCmd(session, deps, cmd);
  for (const cmd of wrapper.tsSubCmds) await handleTimeseriesCmd(session, deps, cmd);
  for (const cmd of wrapper.historyCmds) await handleHistoryCmd(session, deps, cmd);
  for (const cmd of wrapper.entityDataCmds) await handleEntityDataCmd(session, deps, cmd);
  for (const cmd of wrapper.alarmDataCmds) await handleAlarmDataCmd(session, deps, cmd);
  for (const cmd of wrapper.entityCountCmds) await handleEntityCountCmd(session, deps, cmd);
  for (const cmdId of wrapper.entityDataUnsubscribeCmds) session.cancel('data', cmdId);
  for (const cmdId of wrapper.alarmDataUnsubscribeCmds) session.cancel('alarm', cmdId);
  for (const cmdId of wrapper.entityCountUnsubscribeCmds) session.cancel('count', cmdId);
}
