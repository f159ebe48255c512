import type { ParamSpecs } from './params';

// An endpoint's specs never change: the names it reads are listed once.
const namesRead = new WeakMap<ParamSpecs, ReadonlySet<string>>();

function readBy(specs: ParamSpecs): ReadonlySet<string> {
  let names = namesRead.get(specs);
  if (!names) {
    names = new Set(Object.entries(specs).flatMap(([name, param]) => [name, ...param.aliases]));
    namesRead.set(specs, names);
  }
  return names;
}

/**
 * Zulip's ignored_parameters_unsupported (feature level 167): the query and
 * form parameters a request sent that the endpoint does not read, sorted as
 * Zulip lists them; none for a request that sent only what it reads. The
 * path's own parameters are the route's, never reported.
 */
export function ignoredParameters(specs: ParamSpecs, ...sources: unknown[]): string[] {
  const read = readBy(specs);
  let ignored: string[] | undefined;
  for (const source of sources) {
    if (typeof source !== 'object' || source === null) continue;
    for (const name in source) {
      if (!Object.hasOwn(source, name) || read.has(name)) continue;
      ignored ??= [];
      if (!ignored.includes(name)) ignored.push(name);
    }
  }
  return ignored ? ignored.sort() : noneIgnored;
}

const noneIgnored: string[] = [];
