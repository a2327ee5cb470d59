/** One of the items, at random. */
export const pick = <T>(items: readonly T[]) => items[(Math.random() * items.length) | 0];

/** A random client address for X-Forwarded-For, so per-address limits see many clients. */
export const randomIp = () => `10.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}.${((Math.random() * 254) | 0) + 1}`;
