import dns from 'node:dns';

/**
 * Makes this process resolve the office's names (`*.corp.example`) to this
 * computer, as only a company's proxy can resolve its internal servers. Only
 * a proxy's own process calls this: the client's must not know the names.
 */
export function resolveOfficeNames(): void {
  const resolveLocally = dns.lookup;
  dns.lookup = ((hostname: string, options: unknown, callback: unknown) => {
    if (hostname.endsWith('.corp.example')) {
      const done = (typeof options === 'function' ? options : callback) as (
        error: null,
        address: string | { address: string; family: number }[],
        family?: number,
      ) => void;
      const all = typeof options === 'object' && options !== null && 'all' in options;
      if (all) done(null, [{ address: '127.0.0.1', family: 4 }]);
      else done(null, '127.0.0.1', 4);
      return;
    }
    return (resolveLocally as (...args: unknown[]) => void)(hostname, options, callback);
  }) as typeof dns.lookup;
}
