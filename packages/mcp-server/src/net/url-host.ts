/** host:port as it appears in a URL (IPv6 in brackets); the port may be a placeholder in advice. */
export function urlHost(host: string, port: number | string): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}
