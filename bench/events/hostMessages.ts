import type { LoopSample, MemorySample } from './processProbe';

/** What the bench asks the host process over IPC. */
export interface HostQuestion {
  id: number;
  ask: 'memory' | 'loop';
}

export type HostAnswer =
  | { kind: 'ready'; url: string }
  | { kind: 'memory'; id: number; memory: MemorySample }
  | { kind: 'loop'; id: number; loop: LoopSample };
