import { describe, expect, it } from 'vitest';
import { lintScript, scriptError } from './script-lint';

const ARGS = ['msg', 'metadata', 'msgType'];

describe('lintScript', () => {
  it('passes a script that uses only its arguments, its own variables and ES globals', () => {
    const script = [
      'var data = JSON.parse(JSON.stringify(msg));',
      'data.max = Math.max(parseInt(metadata.a, 10), Number(msg.b));',
      'data.at = new Date(Date.now()).toISOString() + String(msgType);',
      'const [first, ...rest] = [1, 2, 3];',
      'data.sum = rest.reduce(function (acc, value) { return acc + value; }, first);',
      'for (const key of Object.keys(data)) { if (isNaN(data[key])) continue; }',
      'try { data.x = undefined; } catch (e) { data.err = true; }',
      'return {msg: data, metadata: metadata, msgType: msgType};',
    ].join('\n');
    expect(lintScript(script, ARGS)).toEqual([]);
  });

  it('reports a syntax error at its line and 1-based column of the body', () => {
    const problems = lintScript('var a = 1;\nreturn a +* 2;', ARGS);
    expect(problems).toEqual([
      { severity: 'error', name: 'SyntaxError', message: 'Unexpected token', line: 2, column: 11 },
    ]);
  });

  it('reports an unclosed block at the end of the body', () => {
    const [problem] = lintScript('if (msg.a) {\n  return true;', ARGS);
    expect(problem).toMatchObject({ name: 'SyntaxError', line: 2, column: 15 });
  });

  it('compiles with the declared argument names: redeclaring one with let is an error', () => {
    expect(scriptError('let msg = 1;\nreturn msg;', ARGS)).toMatchObject({ name: 'SyntaxError', line: 1 });
    // The generator's arguments are other names, so msg is just not defined there.
    expect(scriptError('return msg;', ['prevMsg', 'prevMetadata', 'prevMsgType'])).toMatchObject({
      name: 'ReferenceError',
      message: "'msg' is not defined",
    });
  });

  it('reports identifiers that are neither declared, arguments nor globals', () => {
    const problems = lintScript('var t = msg.temperature;\nreturn t > limit && window.ok;', ARGS);
    expect(problems).toEqual([
      { severity: 'error', name: 'ReferenceError', message: "'limit' is not defined", line: 2, column: 12 },
      { severity: 'error', name: 'ReferenceError', message: "'window' is not defined", line: 2, column: 21 },
    ]);
  });

  it('does not take property names, object keys or labels for variables', () => {
    const script =
      'outer: for (var i = 0; i < 2; i++) { break outer; }\nreturn {temperature: msg.temperature, i: i};';
    expect(lintScript(script, ARGS)).toEqual([]);
  });

  it('reports an assignment to an undeclared name', () => {
    expect(scriptError('total = 1;\nreturn msg;', ARGS)).toMatchObject({
      message: "'total' is not defined",
      line: 1,
      column: 1,
    });
  });

  it('flags unused variables as warnings, which do not stop the script', () => {
    const script = 'var unused = 1;\nfunction helper() { return 2; }\nreturn msg;';
    expect(lintScript(script, ARGS)).toEqual([
      {
        severity: 'warning',
        name: 'Warning',
        message: "'unused' is defined but never used",
        line: 1,
        column: 5,
      },
      {
        severity: 'warning',
        name: 'Warning',
        message: "'helper' is defined but never used",
        line: 2,
        column: 10,
      },
    ]);
    expect(scriptError(script, ARGS)).toBeUndefined();
  });

  it('does not flag unused arguments or callback parameters', () => {
    expect(lintScript('return [1].map(function (value, index) { return 1; });', ARGS)).toEqual([]);
  });
});
