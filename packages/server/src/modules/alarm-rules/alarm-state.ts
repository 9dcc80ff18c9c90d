import { ALARM_SEVERITIES, type AlarmSeverity, type JsonValue } from '@meridian/common';
import type { CompiledAlarm, CompiledRule } from './compile.js';
import { alarmDetailsOf } from './details.js';
import {
  AlarmRuleState,
  type EvalResult,
  type RuleCounts,
  type RuleInput,
  type SnapshotUpdate,
} from './rule-state.js';

/** The device's active alarm of a type, as far as its rules need to know it. */
export interface CurrentAlarm {
  id: string;
  severity: AlarmSeverity;
  details: JsonValue | null;
}

/** A new alarm the rules raise on their device. */
export interface RaisedAlarm {
  type: string;
  severity: AlarmSeverity;
  startTs: number;
  details: JsonValue;
  propagate: boolean;
  propagateToOwner: boolean;
  propagateToTenant: boolean;
  propagateRelationTypes: string[] | null;
}

/** Where the rules of one device read and write its alarms (the alarm lifecycle, in production). */
export interface AlarmWriter {
  findActive(type: string): Promise<CurrentAlarm | undefined>;
  /** Raises the alarm; an active one of its type is updated instead. */
  create(alarm: RaisedAlarm): Promise<CurrentAlarm>;
  /** Undefined when the alarm is gone or no longer active. */
  update(
    id: string,
    severity: AlarmSeverity,
    endTs: number,
    details: JsonValue,
  ): Promise<CurrentAlarm | undefined>;
  clear(id: string, details: JsonValue): Promise<void>;
}

const rank = (severity: AlarmSeverity) => ALARM_SEVERITIES.indexOf(severity);

/**
 * One alarm definition of one device (reference AlarmState): evaluates the create rules from the
 * highest severity down and raises, updates or leaves the alarm; with no create rule holding, the
 * clear rule may clear the active alarm.
 */
/** An alarm definition's rule counts, kept across restarts. */
export interface AlarmCounts {
  create: Record<string, RuleCounts>;
  clear: RuleCounts | null;
}

export class AlarmState {
  private createStates: AlarmRuleState[] = [];
  private clearState: AlarmRuleState | null = null;
  private current: CurrentAlarm | undefined;
  private fetched = false;

  constructor(
    private alarm: CompiledAlarm,
    private readonly now: () => number = Date.now,
  ) {
    this.define(alarm);
  }

  /** A changed definition: the rules start over, the current alarm is looked up again. */
  define(alarm: CompiledAlarm): void {
    this.alarm = alarm;
    this.createStates = alarm.createRules.map((rule) => new AlarmRuleState(rule, this.now));
    this.clearState = alarm.clearRule ? new AlarmRuleState(alarm.clearRule, this.now) : null;
    this.fetched = false;
    this.current = undefined;
  }

  get definitionId(): string {
    return this.alarm.id;
  }

  /** Evaluates the rules on the device's new data. */
  process(input: RuleInput, update: SnapshotUpdate | null, writer: AlarmWriter): Promise<void> {
    return this.createOrClear(input, update, writer, (state) => state.eval(input));
  }

  /** The periodic check at `ts`, for DURATION rules whose time has come without new data. */
  processAt(ts: number, input: RuleInput, writer: AlarmWriter): Promise<void> {
    return this.createOrClear(input, null, writer, (state) => state.evalAt(ts, input));
  }

  /** The counts of the create rules (by severity) and the clear rule. */
  get counts(): AlarmCounts {
    const create: Record<string, RuleCounts> = {};
    for (const state of this.createStates) create[state.rule.severity ?? ''] = state.counts;
    return { create, clear: this.clearState ? this.clearState.counts : null };
  }

  restoreCounts(saved: Partial<AlarmCounts> | undefined): void {
    for (const state of this.createStates) state.restore(saved?.create?.[state.rule.severity ?? '']);
    this.clearState?.restore(saved?.clear ?? undefined);
  }

  /** The alarm was cleared or deleted elsewhere: a new one will be raised when a rule holds again. */
  forget(alarmId: string): void {
    if (this.current?.id !== alarmId) return;
    this.current = undefined;
    for (const state of this.createStates) state.clear();
  }

  private async createOrClear(
    input: RuleInput,
    update: SnapshotUpdate | null,
    writer: AlarmWriter,
    evaluate: (state: AlarmRuleState) => EvalResult,
  ): Promise<void> {
    if (!this.fetched) {
      this.current = await writer.findActive(this.alarm.alarmType);
      this.fetched = true;
    }
    let raised: AlarmRuleState | undefined;
    for (const state of this.createStates) {
      if (!state.accepts(update)) continue;
      const result = evaluate(state);
      if (result === 'TRUE') {
        raised = state;
        break;
      }
      if (result === 'FALSE') state.clear();
    }
    if (raised) {
      await this.raise(raised.rule, input, writer);
      this.clearState?.clear();
      return;
    }
    const clearState = this.clearState;
    if (!this.current || !clearState?.accepts(update)) return;
    const result = evaluate(clearState);
    if (result === 'TRUE') {
      clearState.clear();
      for (const state of this.createStates) state.clear();
      const current = this.current;
      this.current = undefined;
      await writer.clear(current.id, alarmDetailsOf(clearState.rule, input.snapshot, current.details));
    } else if (result === 'FALSE') {
      clearState.clear();
    }
  }

  /**
   * Raises the alarm at the rule's severity, or updates the active one (end time, severity,
   * details). A lower severity than the active alarm's leaves it untouched, as in the reference.
   */
  private async raise(rule: CompiledRule, input: RuleInput, writer: AlarmWriter): Promise<void> {
    const severity = rule.severity ?? 'INDETERMINATE';
    const current = this.current;
    if (current) {
      if (rank(severity) > rank(current.severity)) return;
      const details = alarmDetailsOf(rule, input.snapshot, current.details);
      const updated = await writer.update(current.id, severity, this.now(), details);
      if (updated) {
        this.current = updated;
        return;
      }
      // Cleared or deleted behind the rules' back: raise a new one.
    }
    const now = this.now();
    const ts = input.snapshot.ts;
    this.current = await writer.create({
      type: this.alarm.alarmType,
      severity,
      startTs: ts === 0 || ts > now ? now : ts,
      details: alarmDetailsOf(rule, input.snapshot, null),
      propagate: this.alarm.propagate,
      propagateToOwner: this.alarm.propagateToOwner,
      propagateToTenant: this.alarm.propagateToTenant,
      propagateRelationTypes: this.alarm.propagateRelationTypes,
    });
  }
}
