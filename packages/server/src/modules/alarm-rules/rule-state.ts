import { type FilterPredicateValue, isAlarmScheduleActive } from '@meridian/common';
import type { CompiledRule } from './compile.js';
import { type DynamicSources, predicateMatches, resolveDynamic } from './predicates.js';
import type { DataSnapshot } from './snapshot.js';
import { constantValue, countOf } from './values.js';

/**
 * One create or clear rule of one device's alarm (reference AlarmRuleState): whether its condition
 * holds for the device's data, and for how long or how many times in a row it has.
 */

export type EvalResult = 'TRUE' | 'FALSE' | 'NOT_YET_TRUE';

/** What a rule reads: the device's data and where dynamic operands come from. */
export interface RuleInput {
  snapshot: DataSnapshot;
  sources: DynamicSources;
}

/** Which keys an event changed, and whether they are time series or attributes. */
export interface SnapshotUpdate {
  type: 'TIME_SERIES' | 'ATTRIBUTE';
  keys: ReadonlySet<string>;
}

/** Does every filter of the rule hold? A key without a value fails its filter. */
export function conditionHolds(rule: CompiledRule, input: RuleInput): boolean {
  for (const filter of rule.filters) {
    const value =
      filter.key.type === 'CONSTANT'
        ? constantValue(filter.valueType, filter.value)
        : input.snapshot.get(filter.key);
    if (!value || !predicateMatches(value, filter.predicate, input.sources)) return false;
  }
  return true;
}

/** A DURATION or REPEATING threshold: the dynamic attribute's whole number, else the default. */
function threshold(value: FilterPredicateValue<number | null>, sources: DynamicSources): number | null {
  const dynamic = resolveDynamic(value.dynamicValue, sources);
  const fromAttribute = dynamic ? countOf(dynamic) : null;
  return fromAttribute ?? value.defaultValue ?? null;
}

/** What a rule counts, as kept across restarts (the reference's persisted alarm rule state). */
export interface RuleCounts {
  eventCount: number;
  lastEventTs: number;
  duration: number;
}

export class AlarmRuleState {
  /** Events in a row the condition held (REPEATING). */
  eventCount = 0;
  /** Time of the last event the condition held at, 0 for none (DURATION). */
  lastEventTs = 0;
  /** How long the condition has held, up to lastEventTs (DURATION). */
  duration = 0;

  constructor(
    readonly rule: CompiledRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** A time-series change is worth evaluating when it touched a key of the rule. */
  acceptsTimeSeries(keys: ReadonlySet<string>): boolean {
    for (const key of keys) if (this.rule.keys.has(key)) return true;
    return false;
  }

  /** An attribute change alone never evaluates a rule that reads a time series (it waits for data). */
  acceptsAttributes(keys: ReadonlySet<string>): boolean {
    return !this.rule.readsTimeSeries && this.acceptsTimeSeries(keys);
  }

  accepts(update: SnapshotUpdate | null): boolean {
    if (!update) return true;
    return update.type === 'TIME_SERIES'
      ? this.acceptsTimeSeries(update.keys)
      : this.acceptsAttributes(update.keys);
  }

  /** Is the rule's schedule on at `ts` (0: now)? */
  private scheduled(ts: number): boolean {
    return isAlarmScheduleActive(this.rule.schedule, ts === 0 ? this.now() : ts);
  }

  /** Evaluates the rule for the device's latest data, counting towards REPEATING and DURATION. */
  eval(input: RuleInput): EvalResult {
    const holds = this.scheduled(input.snapshot.ts) && conditionHolds(this.rule, input);
    const spec = this.rule.spec;
    switch (spec.type) {
      case 'SIMPLE':
        return holds ? 'TRUE' : 'FALSE';
      case 'REPEATING': {
        if (!holds) return 'FALSE';
        this.eventCount += 1;
        const required = threshold(spec.value, input.sources);
        return required !== null && this.eventCount >= required ? 'TRUE' : 'NOT_YET_TRUE';
      }
      case 'DURATION': {
        if (!holds) return 'FALSE';
        const ts = input.snapshot.ts;
        if (this.lastEventTs > 0) {
          if (ts > this.lastEventTs) {
            this.duration += ts - this.lastEventTs;
            this.lastEventTs = ts;
          }
        } else {
          this.lastEventTs = ts;
          this.duration = 0;
        }
        const required = threshold(spec.value, input.sources);
        return required !== null && this.duration > required * spec.unitMs ? 'TRUE' : 'NOT_YET_TRUE';
      }
    }
  }

  /**
   * The periodic check without new data (reference eval(ts, snapshot)): a DURATION rule holds once
   * the time since its first event passes the threshold; other rules wait for data.
   */
  evalAt(ts: number, input: RuleInput): EvalResult {
    const spec = this.rule.spec;
    if (spec.type !== 'DURATION') return 'NOT_YET_TRUE';
    const required = threshold(spec.value, input.sources);
    const requiredMs = required === null ? 0 : required * spec.unitMs;
    if (requiredMs > 0 && this.lastEventTs > 0 && ts > this.lastEventTs) {
      if (!this.scheduled(ts)) return 'FALSE';
      return this.duration + (ts - this.lastEventTs) > requiredMs ? 'TRUE' : 'NOT_YET_TRUE';
    }
    return 'FALSE';
  }

  get counts(): RuleCounts {
    return { eventCount: this.eventCount, lastEventTs: this.lastEventTs, duration: this.duration };
  }

  /** Takes counts kept from before; anything that is not a count leaves them at zero. */
  restore(counts: Partial<RuleCounts> | undefined): void {
    const number = (value: unknown) =>
      typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;
    this.eventCount = number(counts?.eventCount);
    this.lastEventTs = number(counts?.lastEventTs);
    this.duration = number(counts?.duration);
  }

  /** Forgets the counts: the condition starts over. */
  clear(): void {
    this.eventCount = 0;
    this.lastEventTs = 0;
    this.duration = 0;
  }
}
