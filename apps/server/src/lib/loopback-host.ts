/**
 * Whether a host keeps the site on this machine: localhost, 127.0.0.0/8 or ::1 (the embedded
 * default, 127.0.0.1). HOST, or the host of PUBLIC_URL.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return name === 'localhost' || name === '::1' || /^127\.\d+\.\d+\.\d+$/.test(name);
}
