import { BlockList, isIP } from 'node:net';

/**
 * Loopback, which counts as campus in demo mode so the local demo can register attendance
 * (unless CAMPUS_DEMO_LOOPBACK=0, config.campusDemoLoopback).
 */
export const LOOPBACK_NETWORKS = ['127.0.0.0/8', '::1/128'] as const;

export interface CampusNetwork {
  /** Whether a client address (IPv4, IPv6 or IPv4-mapped IPv6) is on a campus network. */
  readonly contains: (address: string) => boolean;
}

const familyOf = (address: string): 'ipv4' | 'ipv6' | undefined => {
  const family = isIP(address);
  return family === 4 ? 'ipv4' : family === 6 ? 'ipv6' : undefined;
};

/**
 * The campus networks as a `net.BlockList` (which matches IPv4-mapped IPv6 addresses such as
 * ::ffff:192.0.2.7 against IPv4 subnets). `cidrs` are `address/prefix`, already validated by the
 * configuration. The address to check is `request.ip`, which honours X-Forwarded-For only from
 * TRUSTED_PROXIES (Fastify's trustProxy).
 */
export function campusNetwork(cidrs: readonly string[], includeLoopback: boolean): CampusNetwork {
  const list = new BlockList();
  for (const cidr of includeLoopback ? [...cidrs, ...LOOPBACK_NETWORKS] : cidrs) {
    const [address = '', prefix = ''] = cidr.split('/');
    const family = familyOf(address);
    if (!family) throw new Error(`Not a CIDR: "${cidr}"`);
    list.addSubnet(address, Number(prefix), family);
  }
  return {
    contains: (address) => {
      const family = familyOf(address);
      return family !== undefined && list.check(address, family);
    },
  };
}
