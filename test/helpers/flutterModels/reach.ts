import { dispatchTargets } from './dispatch';
import type { FlutterModels, ValueType } from './modelTypes';

export interface Reach {
  /** Every class reached, generated or written by hand. */
  classes: Set<string>;
  /** Every readValue helper and converter the reached classes name. */
  functions: Set<string>;
}

/** What checking the root models involves: the classes they lead to, and the hand-written functions on the way. */
export function reachFrom(models: FlutterModels, roots: readonly string[]): Reach {
  const reach: Reach = { classes: new Set(), functions: new Set() };
  const visitType = (type: ValueType): void => {
    if (type.kind === 'listOf') visitType(type.item);
    if (type.kind === 'mapOf') visitType(type.value);
    if (type.kind === 'model') visitClass(type.name);
    if (type.kind === 'converter') {
      reach.functions.add(type.name);
      visitType(type.input);
    }
  };
  const visitClass = (name: string): void => {
    if (reach.classes.has(name)) return;
    reach.classes.add(name);
    for (const target of dispatchTargets[name] ?? []) visitClass(target);
    for (const field of models.classes.get(name)?.fields ?? []) {
      if (field.readValue) reach.functions.add(field.readValue);
      visitType(field.type);
    }
  };
  roots.forEach(visitClass);
  return reach;
}
