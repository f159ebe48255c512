import { fork } from 'node:child_process';
import { lastLines, stopChild } from '../server/childServer';
import type { HostAnswer } from './hostMessages';
import type { Probe } from './probes';
import { HOST_NODE_FLAGS } from '../../src-main/desktop/hostHeap';

export interface HostProcess extends Probe {
  url: string;
  recentErrors(): string[];
  stop(): Promise<void>;
}

interface Waiting {
  resolve(answer: HostAnswer): void;
  reject(error: Error): void;
}

/** Forks the bundled `eventsHost` on `dataDir`, its probe with `glibcMalloc`, and waits until it serves. */
export async function startHostProcess(
  script: string,
  dataDir: string,
  glibcMalloc: string,
  nodeArgs: readonly string[] = [],
): Promise<HostProcess> {
  // execArgv is set so that the parent's TypeScript loader stays out of the host.
  const child = fork(script, ['--data-dir', dataDir, '--glibc-malloc', glibcMalloc], {
    execArgv: ['--expose-gc', ...HOST_NODE_FLAGS, ...nodeArgs],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const { stdout, stderr } = child;
  if (!stdout || !stderr) throw new Error('the host process has no output pipes');
  const errors = lastLines(stderr);
  stdout.resume();

  const waiting = new Map<number, Waiting>();
  let asked = 0;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start in 120 s`)), 120_000);
    child.on('message', (answer: HostAnswer) => {
      if (answer.kind === 'ready') {
        clearTimeout(timer);
        resolve(answer.url);
        return;
      }
      waiting.get(answer.id)?.resolve(answer);
      waiting.delete(answer.id);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      const error = new Error(`${script} exited with ${code}:\n${errors.join('\n')}`);
      reject(error);
      for (const question of waiting.values()) question.reject(error);
      waiting.clear();
    });
  });

  const ask = (kind: 'memory' | 'loop') =>
    new Promise<HostAnswer>((resolve, reject) => {
      const id = ++asked;
      waiting.set(id, { resolve, reject });
      child.send({ id, ask: kind });
    });
  return {
    url,
    memory: async () => {
      const answer = await ask('memory');
      if (answer.kind !== 'memory') throw new Error(`asked for memory, got ${answer.kind}`);
      return answer.memory;
    },
    loop: async () => {
      const answer = await ask('loop');
      if (answer.kind !== 'loop') throw new Error(`asked for the event loop, got ${answer.kind}`);
      return answer.loop;
    },
    recentErrors: () => [...errors],
    stop: () => stopChild(child),
  };
}
