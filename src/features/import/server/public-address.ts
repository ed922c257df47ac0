import { isIP } from 'node:net';

/**
 * Whether an address is on the public internet, so an import may fetch from it (decision 0064).
 * Refused: private, loopback, link-local, shared (carrier NAT), unique-local, multicast,
 * unspecified, documentation, benchmark and reserved ranges, and any IPv6 address that embeds
 * such an IPv4 address (IPv4-mapped, NAT64, 6to4). IPv6 is public only inside 2000::/3, the
 * global unicast space. Anything that is not an address is not public.
 */
export function isPublicAddress(address: string): boolean {
  const withoutZone = address.replace(/%.*$/, '');
  switch (isIP(withoutZone)) {
    case 4:
      return isPublicIpv4(ipv4Number(withoutZone));
    case 6:
      return isPublicIpv6(ipv6Groups(withoutZone));
    default:
      return false;
  }
}

/** [first address, prefix length] of each IPv4 range that is not public. */
const ipv4NotPublic: [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
];

const ipv4Ranges = ipv4NotPublic.map(([first, bits]) => {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return { network: (ipv4Number(first) & mask) >>> 0, mask };
});

function ipv4Number(address: string): number {
  return address.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
}

function isPublicIpv4(value: number): boolean {
  return !ipv4Ranges.some(({ network, mask }) => (value & mask) >>> 0 === network);
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1] !== undefined) {
    const value = ipv4Number(dotted[1]);
    text = `${text.slice(0, dotted.index)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const front = parse(head);
  if (tail === undefined) return front;
  const back = parse(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

const embeddedIpv4 = (high: number, low: number) => ((high << 16) >>> 0) + low;

function isPublicIpv6(g: number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  // IPv4-mapped (::ffff:a.b.c.d): the IPv4 address is the one connected to.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff)
    return isPublicIpv4(embeddedIpv4(g6, g7));
  // NAT64 (64:ff9b::a.b.c.d) reaches the embedded IPv4 address.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0)
    return isPublicIpv4(embeddedIpv4(g6, g7));
  // 6to4 (2002:aabb:ccdd::) routes to the embedded IPv4 address.
  if (g0 === 0x2002) return isPublicIpv4(embeddedIpv4(g1, g2));
  // Only global unicast (2000::/3) is public: this leaves out ::, ::1, IPv4-compatible,
  // unique-local fc00::/7, link-local fe80::/10, site-local fec0::/10 and multicast ff00::/8.
  if ((g0 & 0xe000) !== 0x2000) return false;
  if (g0 === 0x2001 && g1 < 0x200) return false; // IETF protocol assignments, Teredo, ORCHID
  if (g0 === 0x2001 && g1 === 0xdb8) return false; // documentation
  if (g0 === 0x3fff && g1 < 0x1000) return false; // documentation (3fff::/20)
  return true;
}
