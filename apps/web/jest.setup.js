// jsdom lacks what react-router needs: TextEncoder/TextDecoder at import time, and Response/Headers for
// redirect(). Take them from Node (vm.runInThisContext reaches Node's own global, outside the jsdom window).
const { TextEncoder, TextDecoder } = require('node:util');
const vm = require('node:vm');

const node = vm.runInThisContext('globalThis');
Object.assign(globalThis, { TextEncoder, TextDecoder });
for (const name of ['Response', 'Headers']) {
  if (!(name in globalThis)) globalThis[name] = node[name];
}
