/**
 * Which proxies' X-Forwarded-* headers are believed (Fastify's `trustProxy`), from TRUST_PROXY:
 * unset or `false` — none, the client address is the TCP peer's; `true` — any (only behind a proxy
 * that all traffic passes); a number — that many proxy hops; else a comma-separated list of proxy
 * addresses, CIDR ranges or proxy-addr's names (`loopback`, `linklocal`, `uniquelocal`).
 *
 * Off by default: a client could otherwise name a fresh address in every request and escape the
 * per-address sign-in throttle (decision 0018).
 */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

const ADDRESS_OR_RANGE = /^[0-9A-Za-z.:/]+$/;

export function loadTrustProxy(env: NodeJS.ProcessEnv): TrustProxy {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw || /^(false|no|off)$/i.test(raw)) return false;
  if (/^(true|yes|on)$/i.test(raw)) return true;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    // As Fastify does for a number (which its types do not admit): the nearest `hops` are proxies.
    return hops === 0 ? false : (_address, hop) => hop < hops;
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  if (entries.some((entry) => !ADDRESS_OR_RANGE.test(entry)))
    throw new Error(
      `Environment variable TRUST_PROXY must be true, false, a hop count or comma-separated proxy addresses, got '${raw}'`,
    );
  return entries;
}
