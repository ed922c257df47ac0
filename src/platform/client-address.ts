/**
 * The address of the visitor, for rate limits only. Behind `trustedProxies` reverse proxies
 * (TRUST_PROXY) it is taken from X-Forwarded-For, counting that many hops from the right,
 * so a visitor cannot choose it by sending the header themselves.
 */
export function clientAddress(
  forwardedFor: string | null,
  socketAddress: string,
  trustedProxies: number,
): string {
  if (trustedProxies === 0 || !forwardedFor) return socketAddress;
  const hops = [
    socketAddress,
    ...forwardedFor
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .reverse(),
  ];
  return hops[Math.min(trustedProxies, hops.length - 1)] as string;
}
