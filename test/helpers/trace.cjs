// Loaded with --require into a CLI process: records every module request and every use of Intl (whose first use loads
// ICU's locale data), written on exit to $PODIUM_TRACE as { modules, intl }.
const Module = require('node:module');
const { writeFileSync } = require('node:fs');

const modules = new Set();
const load = Module._load;
Module._load = function (request, parent, isMain) {
  modules.add(request);
  return load.call(this, request, parent, isMain);
};

const intl = new Set();
const watch = (owner, key, name) => {
  const original = owner[key];
  owner[key] = new Proxy(original, {
    construct: (target, args, newTarget) => (intl.add(name), Reflect.construct(target, args, newTarget)),
    apply: (target, self, args) => (intl.add(name), Reflect.apply(target, self, args)),
  });
};
for (const key of Object.getOwnPropertyNames(Intl))
  if (typeof Intl[key] === 'function') watch(Intl, key, `Intl.${key}`);
for (const [owner, name] of [
  [Number.prototype, 'Number'],
  [Date.prototype, 'Date'],
  [String.prototype, 'String'],
  [Array.prototype, 'Array'],
  [BigInt.prototype, 'BigInt'],
]) {
  for (const key of Object.getOwnPropertyNames(owner))
    if (/^toLocale|^localeCompare$/.test(key)) watch(owner, key, `${name}.prototype.${key}`);
}

process.on('exit', () =>
  writeFileSync(process.env.PODIUM_TRACE, JSON.stringify({ modules: [...modules], intl: [...intl] })),
);
