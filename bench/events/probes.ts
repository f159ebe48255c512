import { HttpConnection } from '../server/httpConnection';
import type { LoopSample, MemorySample } from './processProbe';

/** A bench child's process probe, as the bench asks it. */
export interface Probe {
  memory(): Promise<MemorySample>;
  loop(): Promise<LoopSample>;
}

/** The bare long-poll server's probe, on a connection of its own. */
export async function bareProbe(url: string): Promise<Probe & { close(): void }> {
  const connection = await HttpConnection.open(url);
  const get = async <T>(path: string): Promise<T> => {
    const response = await connection.request({ method: 'GET', path });
    if (response.status !== 200) throw new Error(`GET ${path} failed: ${response.body}`);
    return JSON.parse(response.body) as T;
  };
  return {
    memory: () => get<MemorySample>('/memory'),
    loop: () => get<LoopSample>('/loop'),
    close: () => connection.close(),
  };
}
