import net from 'node:net';

/**
 * The rate-limit key of a client address: an IPv4 address as it is (an IPv4-mapped IPv6
 * address, `::ffff:198.51.100.7`, is its IPv4 address), and an IPv6 address by its /64. One
 * IPv6 subscriber is routinely given a whole /64 (often a /56 or more), so counting single
 * addresses would let one client pick a fresh address for every request and never meet a limit.
 */
export function addressKey(ip: string): string {
  const address = ip.split('%')[0]!; // a zone index (fe80::1%eth0) names an interface, not a host
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (net.isIPv4(address)) return address;
  if (!net.isIPv6(address)) return address;
  return `${expandIpv6(address).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, lower-case hex without leading zeros. */
function expandIpv6(address: string): string[] {
  let text = address.toLowerCase();
  // An embedded IPv4 tail (::1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((g) => parseInt(g, 16).toString(16));
}
