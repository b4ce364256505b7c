/** A Vary header value with `names` added to what it already lists (once each, whatever their case). */
export function varyWith(current: unknown, ...names: string[]): string {
  const listed = typeof current === 'string' ? current.split(',').map((name) => name.trim()).filter(Boolean) : [];
  if (listed.includes('*')) return '*';
  const known = new Set(listed.map((name) => name.toLowerCase()));
  for (const name of names) {
    if (!known.has(name.toLowerCase())) {
      listed.push(name);
      known.add(name.toLowerCase());
    }
  }
  return listed.join(', ');
}
