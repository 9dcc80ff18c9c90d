import type { JsonValue } from '@meridian/common';
import type { TFunction } from 'i18next';

/** How a typed input reads its text and what it writes. */
export type TextValueType = 'string' | 'integer' | 'double';

export interface InputRules {
  required: boolean;
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
}

/** What is wrong with a typed value; `empty` is an optional number left blank (nothing to write). */
export type InputProblem =
  | { kind: 'required' }
  | { kind: 'empty' }
  | { kind: 'number' }
  | { kind: 'integer' }
  | { kind: 'min'; limit: number }
  | { kind: 'max'; limit: number }
  | { kind: 'minLength'; limit: number }
  | { kind: 'maxLength'; limit: number };

/** The first rule the text breaks, or null when it can be written. */
export function checkInput(text: string, type: TextValueType, rules: InputRules): InputProblem | null {
  if (text.trim() === '') {
    if (rules.required) return { kind: 'required' };
    return type === 'string' ? null : { kind: 'empty' };
  }
  if (type === 'string') {
    if (rules.minLength !== undefined && text.length < rules.minLength)
      return { kind: 'minLength', limit: rules.minLength };
    if (rules.maxLength !== undefined && text.length > rules.maxLength)
      return { kind: 'maxLength', limit: rules.maxLength };
    return null;
  }
  const number = Number(text);
  if (!Number.isFinite(number)) return { kind: 'number' };
  if (type === 'integer' && !Number.isInteger(number)) return { kind: 'integer' };
  if (rules.min !== undefined && number < rules.min) return { kind: 'min', limit: rules.min };
  if (rules.max !== undefined && number > rules.max) return { kind: 'max', limit: rules.max };
  return null;
}

/** The value a checked text is written as: numbers as JSON numbers, so the server types them. */
export function wireValueOf(text: string, type: TextValueType): JsonValue {
  return type === 'string' ? text : Number(text);
}

/** A received value as the text of an input (the runtime hands latest values over as text). */
export function textOfValue(value: string | undefined): string {
  return value ?? '';
}

/** The reference's reading of a boolean value: true, "true" or a non-zero number. */
export function booleanOfValue(value: string | undefined): boolean {
  if (value === undefined) return false;
  const text = value.trim().toLowerCase();
  if (text === 'true') return true;
  if (text === 'false' || text === '' || text === 'null') return false;
  const number = Number(text);
  return Number.isFinite(number) ? number !== 0 : false;
}

/** Custom messages a widget's settings may give for some rules. */
export interface ProblemMessages {
  required?: string;
  min?: string;
  max?: string;
}

/** The words for a problem: the widget's own message when it has one, else the catalogue's. */
export function problemText(t: TFunction, problem: InputProblem, custom: ProblemMessages = {}): string {
  switch (problem.kind) {
    case 'required':
      return custom.required || t('input-widgets.required');
    case 'empty':
      return '';
    case 'number':
      return t('input-widgets.not-a-number');
    case 'integer':
      return t('input-widgets.not-an-integer');
    case 'min':
      return custom.min || t('input-widgets.min-value', { min: problem.limit });
    case 'max':
      return custom.max || t('input-widgets.max-value', { max: problem.limit });
    case 'minLength':
      return t('input-widgets.min-length', { min: problem.limit });
    case 'maxLength':
      return t('input-widgets.max-length', { max: problem.limit });
  }
}
