// TEMPORARY (not to be committed to main): stands in for the script sandbox until its branch is merged.
import { type ScriptEngine, ScriptError } from './script/engine.js';

export const interimScripts: ScriptEngine = {
  async compile() {
    throw new ScriptError('scripts are not available yet');
  },
};
